import type { SessionState } from '../../../api/session';
import { dateTime, plural } from '../format';
import { creditsText } from '../../../lib/plural';

/** Earlier sessions, newest first: kept in the ledger file, never deleted by "New session". */
export function PastSessions({ sessions }: { sessions: SessionState['pastSessions'] }) {
  if (sessions.length === 0)
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">None yet. "New session" keeps the current one here.</p>
    );
  return (
    <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-900" data-testid="past-sessions">
      {sessions.map((session) => (
        <li key={session.id} className="flex flex-wrap justify-between gap-x-3 py-1.5">
          <span>{dateTime(session.startedAt)}</span>
          <span className="tabular-nums text-slate-600 dark:text-slate-400">
            {plural(session.calls, 'call')} · timeline {session.byOperation.timeline.total} · search{' '}
            {session.byOperation.search.total} ·{' '}
            <strong className="text-slate-900 dark:text-white">{creditsText(session.total)}</strong>
          </span>
        </li>
      ))}
    </ul>
  );
}
