import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from '../../../api/auth/me';
import { peopleQueryOptions } from '../../../api/auth/people';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { Spinner } from '../../../components/Spinner';
import { AuditLog } from './AuditLog';
import { InviteForm } from './InviteForm';
import { PersonCard } from './PersonCard';
import { card, note } from './styles';

function PeopleList({ you }: { you: string }) {
  const { data: people, error, refetch } = useQuery(peopleQueryOptions());
  return (
    <section aria-label="People" data-testid="admin-people" className={card}>
      <h2 className="text-sm font-semibold text-slate-900 dark:text-white">
        People{people ? ` (${people.length})` : ''}
      </h2>
      {error && <ErrorPanel error={error} onRetry={() => void refetch()} compact />}
      {!people && !error && <Spinner label="Reading the people…" />}
      {people && (
        <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-900">
          {people.map((person) => (
            <PersonCard key={person.name} person={person} isYou={person.name === you} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The People page (#34.4): for admins, what `npm run user` does on the server, with the audit log in words. */
export function PeoplePage() {
  const { data: me } = useQuery(meQueryOptions());
  const person = me?.person;
  return (
    <main className="mx-auto max-w-5xl space-y-4 px-3 py-4 sm:py-6">
      <div>
        <h1 className="text-lg font-bold text-slate-900 dark:text-white">People</h1>
        <p className={note}>
          Who may use this creditscope, what each may spend, and what admins changed. The same as{' '}
          <code>npm run user</code> on the server.
        </p>
      </div>
      {!me && <Spinner label="Checking who you are…" />}
      {me && person?.role !== 'admin' && (
        <p data-testid="people-admins-only" className={`${card} text-sm text-slate-700 dark:text-slate-300`}>
          Only admins manage people{person ? `; ${person.name} is a ${person.role}` : ''}.
        </p>
      )}
      {person?.role === 'admin' && (
        <>
          <InviteForm />
          <PeopleList you={person.name} />
          <AuditLog />
        </>
      )}
    </main>
  );
}
