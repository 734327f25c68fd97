import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { safeNext, signIn } from '../api/auth/actions';
import { meKeys } from '../api/auth/me';
import { ApiError } from '../api/errors';
import { AuthCard, fieldClass, FormMessage, labelClass, submitClass } from '../features/people/components/AuthForm';

// `next`: where the person was going when a sign-in was asked for (only a path here; see safeNext).
const signInSearchSchema = v.object({ next: v.fallback(v.optional(v.string()), undefined) });

export const Route = createFileRoute('/sign-in')({
  validateSearch: signInSearchSchema,
  component: SignInPage,
});

/** The server's words for a refusal; a throttle says how long to wait, as the contract's Retry-After does. */
export function signInRefusal(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Could not sign in. Try again.';
  if (error.status === 429) {
    const wait = error.retryAfter;
    const after = wait === null ? 'a while' : wait < 90 ? `${wait} seconds` : `${Math.ceil(wait / 60)} minutes`;
    return `Too many tries. Wait ${after} before trying again.`;
  }
  if (error.status === 401) return 'Wrong name or password.';
  return error.message;
}

function SignInPage() {
  const { next } = Route.useSearch();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setMessage(null);
    try {
      await signIn(String(form.get('name') ?? ''), String(form.get('password') ?? ''));
      queryClient.removeQueries({ queryKey: meKeys.me() });
      // A whole new document: every query of the page before was asked without a session.
      window.location.assign(safeNext(next));
    } catch (error) {
      setMessage(signInRefusal(error));
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Sign in to creditscope">
      <form onSubmit={(event) => void submit(event)} className="space-y-3" data-testid="sign-in-form">
        <label className={labelClass}>
          Name
          <input name="name" autoComplete="username" required className={fieldClass} />
        </label>
        <label className={labelClass}>
          Password
          <input name="password" type="password" autoComplete="current-password" required className={fieldClass} />
        </label>
        <FormMessage message={message} />
        <button type="submit" disabled={busy} className={submitClass}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p className="mt-4 text-xs text-slate-600 dark:text-slate-400">
        New here? Open the link an admin gave you to choose a password.
      </p>
    </AuthCard>
  );
}
