import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { meQueryOptions } from '../../../api/auth/me';

// One chunk of its own, fetched only where the server knows people or is exposed: loopback `none` mode loads none of it.
const WhoIsSignedIn = lazy(() => import('./WhoIsSignedIn'));
const ExposedWarning = lazy(() => import('./WhoIsSignedIn').then((parts) => ({ default: parts.ExposedWarning })));

/** Who is signed in, with the sign-out menu; nothing where the server knows no people. */
export function SignedInSlot() {
  const { data: me } = useQuery(meQueryOptions());
  if (!me?.person) return null;
  return (
    <Suspense fallback={null}>
      <WhoIsSignedIn />
    </Suspense>
  );
}

/** `CREDITSCOPE_AUTH=none` on a server others can reach: said on every page, so nobody mistakes it for private. */
export function ExposedBanner() {
  const { data: me } = useQuery(meQueryOptions());
  if (!me?.exposed) return null;
  return (
    <Suspense fallback={null}>
      <ExposedWarning />
    </Suspense>
  );
}

/** The People page's link, in the navigation for admins only (#34.4). */
export function PeopleNavLink(props: { className: string; activeProps: { className: string } }) {
  const { data: me } = useQuery(meQueryOptions());
  if (me?.person?.role !== 'admin') return null;
  return (
    <Link to="/people" {...props}>
      People
    </Link>
  );
}
