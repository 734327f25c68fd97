import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { auditQueryOptions, peopleQueryOptions, type TeamPerson } from '../../../api/auth/people';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { Spinner } from '../../../components/Spinner';
import { dateTime } from '../../credits/format';

const PERIOD_WORDS = { total: 'in total', day: 'a day', month: 'a month' } as const;
const SPENT_WORDS = { total: 'in total', day: 'today', month: 'this month' } as const;
const th = 'px-2 py-1.5 text-left text-xs font-semibold text-slate-600 dark:text-slate-400';
const td = 'px-2 py-1.5 align-top';

function Box({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section
      aria-label={title}
      data-testid={testId}
      className="space-y-2 rounded-xl border border-slate-200 p-4 text-sm dark:border-slate-800"
    >
      <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{title}</h2>
      {children}
    </section>
  );
}

function spentWords(person: TeamPerson): string {
  return person.limit ? `${person.limit.spent} ${SPENT_WORDS[person.limit.period]}` : `${person.spentTotal} in total`;
}

function People() {
  const { data: people, error, refetch } = useQuery(peopleQueryOptions());
  return (
    <Box title="People" testId="admin-people">
      {error && <ErrorPanel error={error} onRetry={() => void refetch()} compact />}
      {!people && !error && <Spinner label="Reading the people…" />}
      {people && (
        // A wide table scrolls on its own at phone widths rather than widening the page.
        <div className="overflow-x-auto">
          <table className="w-full min-w-[32rem] tabular-nums">
            <thead className="border-b border-slate-200 dark:border-slate-800">
              <tr>
                <th className={th}>Name</th>
                <th className={th}>Role</th>
                <th className={th}>Limit</th>
                <th className={th}>Spent</th>
                <th className={th}>Keys</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-900">
              {people.map((person) => (
                <tr key={person.name} data-testid="person-row">
                  <td className={`${td} font-medium break-all`}>
                    {person.name}
                    {!person.hasPassword && (
                      <span className="block text-xs font-normal text-slate-500 dark:text-slate-400">
                        welcome link not used yet
                      </span>
                    )}
                  </td>
                  <td className={td}>{person.role}</td>
                  <td className={td}>
                    {person.limit ? `${person.limit.credits} ${PERIOD_WORDS[person.limit.period]}` : '—'}
                  </td>
                  <td className={td}>{spentWords(person)}</td>
                  <td className={td}>{person.keys}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="text-xs text-slate-500 dark:text-slate-400">
        Credits. Add people, change limits and reset passwords with <code>npm run user</code> on the server.
      </p>
    </Box>
  );
}

function AuditLog() {
  const { data: entries, error, refetch } = useQuery(auditQueryOptions());
  return (
    <Box title="Audit log" testId="admin-audit">
      {error && <ErrorPanel error={error} onRetry={() => void refetch()} compact />}
      {!entries && !error && <Spinner label="Reading the audit log…" />}
      {entries && entries.length === 0 && <p className="text-slate-600 dark:text-slate-400">Nothing yet.</p>}
      {entries && entries.length > 0 && (
        <div className="max-h-96 overflow-auto">
          <table className="w-full min-w-[36rem]">
            <thead className="sticky top-0 border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
              <tr>
                <th className={th}>At</th>
                <th className={th}>Who</th>
                <th className={th}>Did</th>
                <th className={th}>To</th>
                <th className={th}>Detail</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-900">
              {entries.map((entry, index) => (
                <tr key={`${entry.at}-${index}`} data-testid="audit-entry">
                  <td className={`${td} whitespace-nowrap tabular-nums`}>{dateTime(entry.at)}</td>
                  <td className={td}>{entry.actor}</td>
                  <td className={`${td} whitespace-nowrap`}>{entry.action}</td>
                  <td className={td}>{entry.subject ?? '—'}</td>
                  <td className={`${td} break-all font-mono text-xs`}>{entry.detail ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="text-xs text-slate-500 dark:text-slate-400">
        The newest {entries && entries.length > 0 ? `${entries.length} ` : ''}entries first (at most 100): people added
        or removed, limits, keys, password resets.
      </p>
    </Box>
  );
}

/** The admins' part of the Credits page (#28): everyone's limit, spend and keys, and the audit log. */
export default function AdminPeople() {
  return (
    // Blocks, not a grid: a grid item would widen to its table's min-width and push the page sideways.
    <div className="space-y-4">
      <People />
      <AuditLog />
    </div>
  );
}
