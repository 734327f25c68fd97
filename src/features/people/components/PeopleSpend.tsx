import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from '../../../api/auth/me';
import type { LedgerRow, SessionState } from '../../../api/session';
import { limitWords, spendByPerson } from '../spend-by-person';

const TEAM_PERIOD = { total: 'all time', day: 'today, UTC', month: 'this month, UTC' } as const;

/**
 * The people part of the Credits page (#28): the signed-in person's own limit, and spend by person from the
 * ledger rows' `person`. Admins and viewers get everyone's rows from the server, a member only their own, so a
 * member's table is their line and the team's total. Nothing in loopback `none` mode.
 */
export default function PeopleSpend({ state, rows }: { state: SessionState; rows: readonly LedgerRow[] }) {
  const { data: me } = useQuery(meQueryOptions());
  const person = me?.person;
  const lines = spendByPerson(rows);
  const seesOnlyOwn = person?.role === 'member';
  return (
    <section
      aria-label="Spend by person"
      data-testid="spend-by-person"
      className="rounded-xl border border-slate-200 p-4 dark:border-slate-800"
    >
      <h2 className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">Spend by person</h2>
      {person && (
        <p className="mb-3 text-sm text-slate-700 dark:text-slate-300" data-testid="own-limit">
          {person.limit ? (
            <>
              Your limit: <span className="tabular-nums">{limitWords(person.limit)}</span>
            </>
          ) : person.role === 'viewer' ? (
            'Viewers read what was bought and spend nothing.'
          ) : (
            'You have no limit of your own; the server’s limit applies.'
          )}
        </p>
      )}
      <table className="w-full text-left text-sm tabular-nums">
        <thead className="text-xs text-slate-600 dark:text-slate-400">
          <tr>
            <th scope="col" className="py-1 font-medium">
              Person
            </th>
            <th scope="col" className="py-1 pl-3 text-right font-medium">
              Calls
            </th>
            <th scope="col" className="py-1 pl-3 text-right font-medium">
              Credits
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.person} data-person={line.person} className="border-t border-slate-100 dark:border-slate-800">
              <th scope="row" className="py-1 font-medium text-slate-900 dark:text-white">
                {line.person}
              </th>
              <td className="py-1 pl-3 text-right">{line.calls}</td>
              <td className="py-1 pl-3 text-right">{line.credits}</td>
            </tr>
          ))}
          {lines.length === 0 && (
            <tr>
              <td colSpan={3} className="py-1 text-slate-600 dark:text-slate-400">
                Nothing bought yet.
              </td>
            </tr>
          )}
        </tbody>
        {seesOnlyOwn && (
          <tfoot>
            <tr className="border-t border-slate-200 dark:border-slate-700" data-testid="team-total">
              <th scope="row" className="py-1 font-medium">
                Team total (everyone, {TEAM_PERIOD[state.budget.period]})
              </th>
              <td />
              <td className="py-1 pl-3 text-right">{state.budget.spentInPeriod}</td>
            </tr>
          </tfoot>
        )}
      </table>
      {rows.length < state.session.calls && (
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          From the loaded ledger rows; load older calls below to count them all.
        </p>
      )}
    </section>
  );
}
