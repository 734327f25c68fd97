import type { ReactNode } from 'react';

/** A whole-page state in place of the posts: protected, suspended, not found, empty, no loaded post matching. */
export function StateCard({
  testId,
  title,
  icon,
  children,
  heading = 'h2',
}: {
  testId: string;
  title: string;
  icon?: ReactNode;
  children?: ReactNode;
  heading?: 'h1' | 'h2';
}) {
  const Heading = heading;
  return (
    <div data-testid={testId} role="status" className="mx-4 my-10 text-center sm:mx-auto sm:max-w-sm">
      {icon && (
        <div className="mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          {icon}
        </div>
      )}
      <Heading className="text-2xl font-extrabold text-slate-900 break-words [overflow-wrap:anywhere] dark:text-white">
        {title}
      </Heading>
      {children && <div className="mt-2 space-y-3 text-[15px] text-slate-600 dark:text-slate-400">{children}</div>}
    </div>
  );
}
