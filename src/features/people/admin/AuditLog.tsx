import { useInfiniteQuery } from '@tanstack/react-query';
import { auditPagesQueryOptions } from '../../../api/auth/people-admin';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { Spinner } from '../../../components/Spinner';
import { dateTime } from '../../../contract/dates/date-format';
import { auditSentence } from '../audit-words';
import { button, card, note } from './styles';

/** What admins did, in words, newest first, a page at a time. */
export function AuditLog() {
  const { data, error, refetch, fetchNextPage, hasNextPage, isFetchingNextPage } =
    useInfiniteQuery(auditPagesQueryOptions());
  const entries = data?.pages.flatMap((page) => page.entries);
  return (
    <section aria-label="Audit log" data-testid="admin-audit" className={`${card} space-y-3`}>
      <h2 className="text-sm font-semibold text-slate-900 dark:text-white">Audit log</h2>
      {error && !data && <ErrorPanel error={error} onRetry={() => void refetch()} compact />}
      {!data && !error && <Spinner label="Reading the audit log…" />}
      {entries && entries.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">Nothing yet.</p>}
      {entries && entries.length > 0 && (
        <ol className="divide-y divide-slate-100 text-sm dark:divide-slate-900">
          {entries.map((entry, index) => (
            <li
              key={`${entry.at}-${index}`}
              data-testid="audit-entry"
              className="flex flex-col gap-x-4 py-1.5 sm:flex-row sm:items-baseline"
            >
              <time
                dateTime={entry.at}
                className="shrink-0 text-xs tabular-nums text-slate-500 dark:text-slate-400 sm:w-40"
              >
                {dateTime(entry.at)}
              </time>
              <span className="text-slate-800 dark:text-slate-200">{auditSentence(entry)}</span>
            </li>
          ))}
        </ol>
      )}
      {error && data && <ErrorPanel error={error} onRetry={() => void fetchNextPage()} compact />}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className={note}>
          Newest first{entries && entries.length > 0 ? `: ${entries.length} shown` : ''}. People invited or removed,
          roles, limits, password resets, sign-outs and keys, by the admin who did it.
        </p>
        {hasNextPage && (
          <button type="button" className={button} disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {isFetchingNextPage ? 'Loading…' : 'Older entries'}
          </button>
        )}
      </div>
    </section>
  );
}
