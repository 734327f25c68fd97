import type { ReactNode } from 'react';

/** The shared frame of the sign-in and welcome pages: a small card with a heading, the form and its message. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="mx-auto max-w-sm px-3 py-8">
      <div className="rounded-xl border border-slate-200 p-5 dark:border-slate-800">
        <h1 className="mb-4 text-lg font-bold text-slate-900 dark:text-white">{title}</h1>
        {children}
      </div>
    </main>
  );
}

export const fieldClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-white';
export const labelClass = 'block text-sm font-medium text-slate-800 dark:text-slate-200';
export const submitClass =
  'w-full rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60';

/** Read out as soon as it changes (a wrong password, a wait). */
export function FormMessage({ message }: { message: string | null }) {
  return (
    <p role="alert" data-testid="auth-message" className="min-h-5 text-sm text-red-700 dark:text-red-300">
      {message}
    </p>
  );
}
