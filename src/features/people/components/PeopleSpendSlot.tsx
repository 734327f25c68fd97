import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { meQueryOptions } from '../../../api/auth/me';
import type { SessionState } from '../../../api/session';

// Its own chunk, fetched only where people sign in: loopback `none` mode's Credits page loads none of it.
const PeopleSpend = lazy(() => import('./PeopleSpend'));

/** The person's own limit and a way to spend by person on the Credits page (#28); nothing in `none` mode. */
export function PeopleSpendSlot(props: { state: SessionState }) {
  const { data: me } = useQuery(meQueryOptions());
  if (!me || me.mode === 'none') return null;
  return (
    <Suspense fallback={null}>
      <PeopleSpend {...props} />
    </Suspense>
  );
}
