import { ErrorChargeNote } from '../../../components/ErrorChargeNote';
import { paidForThisLoad } from '../../../api/purchase/origin';
import type { TimelinePage } from '../../../contract/upstream/types';
import { boughtClock } from '../../../contract/dates/format';
import { useDateStyle } from '../../../lib/use-date-style';
import { LockIcon, NotFoundIcon, SuspendedIcon } from './Icons';
import { StateCard } from './StateCard';
import { WebSearchLink } from './WebSearchLink';

// The whole-page states some visits meet (protected, suspended, not found, empty): TimelineView loads this file
// when it shows one, so a timeline with posts does not carry them.
const note = 'rounded-md bg-slate-100 px-2 py-1 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300';

/** Whether the answer behind a state cost anything: the person should not have to open the ledger to know. */
export function PageChargeNote({ page }: { page: TimelinePage }) {
  const style = useDateStyle();
  const text =
    page.origin === 'archive'
      ? `Not charged now: served from the server’s archive (bought ${boughtClock(page.boughtAt, style)}), 0 credits.`
      : !paidForThisLoad(page.origin)
        ? 'Not charged now: opened from this browser’s cache, 0 credits.'
        : `Charged: this answer cost ${page.credits} credits.`;
  return (
    <p data-testid="charge-note" className={note}>
      {text}
    </p>
  );
}

export function ProtectedState({ handle, page }: { handle: string; page: TimelinePage | null }) {
  return (
    <StateCard testId="state-protected" title="These posts are protected" icon={<LockIcon size={24} />}>
      <p>
        @{handle} shares posts only with followers the account has approved, so the platform sends the profile and no
        posts. Nothing more was asked for.
      </p>
      {page && <PageChargeNote page={page} />}
    </StateCard>
  );
}

/** Nothing of the profile is shown: the platform no longer shows it either, and a name or picture here would be a fake. */
export function SuspendedState({ handle, page }: { handle: string; page: TimelinePage | null }) {
  return (
    <StateCard testId="state-suspended" title="Account suspended" heading="h1" icon={<SuspendedIcon />}>
      <p>The platform has suspended @{handle}. Its profile and posts are not available.</p>
      {page && <PageChargeNote page={page} />}
    </StateCard>
  );
}

/** Said once, with what was asked for; the upstream's own words stay one click away, for telling a typo from an outage. */
export function NotFoundState({ asked, handle, error }: { asked: string; handle: string | null; error: unknown }) {
  return (
    <StateCard testId="state-not-found" title={`${asked} doesn’t exist`} heading="h1" icon={<NotFoundIcon />}>
      <p>No account answers to it. Check the spelling{handle ? ', or search the web for it' : ''}.</p>
      {handle && (
        <p>
          <WebSearchLink q={`@${handle}`} className="justify-center" />
        </p>
      )}
      <ErrorChargeNote error={error} />
      {error instanceof Error && (
        <details className="text-left text-xs">
          <summary className="cursor-pointer text-center">What the upstream said</summary>
          <p className="mt-1 break-words font-mono">{error.message}</p>
        </details>
      )}
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
