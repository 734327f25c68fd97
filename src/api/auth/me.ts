import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { sendApiRequest } from '../client';
import { meSchema, type Me } from '../../contract/auth';

/**
 * `GET /api/_auth/me` (the #28 contract): how this server knows people, and who this browser is. Free, always 200.
 * A server without the route (404) knows nobody: that is loopback `none` mode, today's behaviour.
 */

export { ROLES, type Me, type Person, type PersonLimit, type Role } from '../../contract/auth';

/** Loopback with nothing configured: no people, nothing changes. */
export const NOBODY: Me = { mode: 'none', exposed: false, adminExists: false, person: null };

export const meKeys = { me: () => ['auth', 'me'] as const };

export async function fetchMe(signal?: AbortSignal): Promise<Me> {
  const response = await sendApiRequest('/api/_auth/me', { signal });
  // Read to the end whatever the status: an unread body leaves the request open (and the page never idle).
  const json: unknown = await response.json().catch(() => null);
  if (response.status === 404) return NOBODY;
  const read = v.safeParse(meSchema, json);
  // Unreadable: behave as today rather than hide the app behind a sign-in it may not need.
  return read.success ? read.output : NOBODY;
}

/** Asked once per page load; a sign-in, welcome or sign-out replaces it. Never persisted (a person is not bought data). */
export function meQueryOptions() {
  return queryOptions({
    queryKey: meKeys.me(),
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: 60_000,
    refetchOnWindowFocus: true,
    meta: { persist: false },
  });
}

/** A viewer reads what was bought and spends nothing: spending controls show no price. */
export function isViewer(me: Me | undefined): boolean {
  return me?.person?.role === 'viewer';
}
