import type { ReactNode } from 'react';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { LockIcon } from './Icons';

/** A whole-page state in place of the posts: protected, suspended, not found, empty. */
export function StateCard({ testId, title, icon, children, heading = 'h2' }: {
  testId: string; title: string; icon?: ReactNode; children?: ReactNode; heading?: 'h1' | 'h2';
}) {
  const Heading = heading;
  return (
    <div data-testid={testId} role="status" className="mx-4 my-10 text-center sm:mx-auto sm:max-w-sm">
      {icon && <div className="mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">{icon}</div>}
      <Heading className="text-2xl font-extrabold text-slate-900 dark:text-white">{title}</Heading>
      {children && <div className="mt-2 text-[15px] text-slate-600 dark:text-slate-400">{children}</div>}
    </div>
  );
}

export function ProtectedState({ handle }: { handle: string }) {
  return (
    <StateCard testId="state-protected" title="These posts are protected" icon={<LockIcon className="h-6 w-6" />}>
      Only approved followers can see @{handle}’s posts. Nothing more was fetched.
    </StateCard>
  );
}

export function SuspendedState({ handle }: { handle: string }) {
  return (
    <StateCard testId="state-suspended" title="Account suspended">
      The platform has suspended @{handle}. Its posts are not available.
    </StateCard>
  );
}

/** The upstream's own words stay available below the plain sentence, for telling a typo from an outage. */
export function NotFoundState({ handle, error }: { handle: string; error: unknown }) {
  return (
    <StateCard testId="state-not-found" title="This account doesn’t exist" heading="h1">
      <p>No user answers to {handle}. Check the spelling, or try a numeric id or profile URL above.</p>
      <div className="mt-4 text-left"><ErrorPanel error={error} compact /></div>
    </StateCard>
  );
}

export function EmptyState({ handle }: { handle: string }) {
  return (
    <StateCard testId="state-empty" title={`@${handle} hasn’t posted`}>
      When they do, their posts will show up here.
    </StateCard>
  );
}
