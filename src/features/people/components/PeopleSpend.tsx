import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { meQueryOptions } from '../../../api/auth/me';
import type { SessionState } from '../../../api/session';
import { limitWords } from '../limit-words';
import { YourKeys } from './YourKeys';

const TEAM_PERIOD = { total: 'all time', day: 'today, UTC', month: 'this month, UTC' } as const;

/**
 * The people part of the Credits page (#28): the signed-in person's own limit, and the team's total where a
 * member sees only their own rows. Spend by person is the breakdown's "By person" (the server's exact sums);
 * this links to it (and, for admins, to the People page). Then the person's own keys. Nothing in loopback `none`
 * mode.
 */
export default function PeopleSpend({ state }: { state: SessionState }) {
  const { data: me } = useQuery(meQueryOptions());
  const person = me?.person;
  return (
    <>
      <section
        aria-label="Your limit"
        data-testid="people-spend"
        className="space-y-1 rounded-xl border border-slate-200 p-4 text-sm dark:border-slate-800"
      >
        <h2 className="text-sm font-semibold text-slate-900 dark:text-white">
          {person ? `Signed in as ${person.name} (${person.role})` : 'People'}
        </h2>
        {person && (
          <p className="text-slate-700 dark:text-slate-300" data-testid="own-limit">
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
        {person?.role === 'member' && (
          <p className="text-slate-700 dark:text-slate-300" data-testid="team-total">
            Team total (everyone, {TEAM_PERIOD[state.budget.period]}):{' '}
            <span className="tabular-nums">{state.budget.spentInPeriod}</span> credits. The tables here show your own
            spend.
          </p>
        )}
        <p>
          <Link
            to="/credits"
            search={{ by: 'person', period: 'all' }}
            resetScroll={false}
            className="text-brand-700 underline-offset-2 hover:underline dark:text-sky-300"
          >
            Spend by person
          </Link>
          {person?.role === 'admin' && (
            <>
              {' · '}
              <Link to="/people" className="text-brand-700 underline-offset-2 hover:underline dark:text-sky-300">
                People and the audit log
              </Link>
            </>
          )}
        </p>
      </section>
      {person && <YourKeys canCreate={person.role !== 'viewer'} />}
    </>
  );
}
