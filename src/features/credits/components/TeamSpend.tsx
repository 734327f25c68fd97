import type { SessionState } from '../../../api/session';
import { periodWords } from '../budget-words';
import { plural } from '../format';

type Team = NonNullable<SessionState['team']>;

const credits = (amount: string) => `${amount} ${amount === '1' ? 'credit' : 'credits'}`;

/**
 * The team's spend, labelled as the team's (#33): every person on this server together, over what the operator's
 * limit counts, beside the signed-in person's own numbers above it. An admin sees each person's share.
 */
export function TeamSpend({ team }: { team: Team }) {
  return (
    <div data-testid="team-spend" className="mt-3 text-sm text-slate-700 dark:text-slate-300">
      <p>
        <span className="font-semibold">Team&apos;s spend {periodWords(team.period)}: </span>
        <span data-testid="team-spend-total" className="tabular-nums">
          {credits(team.spent)}
        </span>{' '}
        on {plural(team.calls, 'paid call')}, everyone on this server together. Spend and calls above are yours alone.
      </p>
      {team.byPerson && team.byPerson.length > 0 && (
        <ul data-testid="team-by-person" className="mt-1 flex flex-wrap gap-x-4 gap-y-1 tabular-nums">
          {team.byPerson.map((share) => (
            <li key={share.name} data-person={share.name}>
              {share.name}: {credits(share.spent)} ({plural(share.calls, 'call')})
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
