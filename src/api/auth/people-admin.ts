import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiFetch } from '../client';
import type { Role } from '../../contract/auth';
import { auditPageSchema, welcomeLinkSchema } from '../../contract/people';
import type { ChangePersonBody, InviteBody, LimitChoice } from '../../contract/requests';
import { peopleKeys, read } from './people';

/**
 * What an admin does to people from the People page (#34.4), as `npm run user` does it (server/identity/
 * people-routes.ts), and the audit log a page at a time. All free; each change is in the audit log.
 */

export type { AuditEntry } from '../../contract/people';
export type { LimitChoice } from '../../contract/requests';

export const AUDIT_PAGE = 20;

/** Newest first; each further page from the `next` cursor of the one above. Never persisted. */
export const auditPagesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: peopleKeys.audit(),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const query = `?limit=${AUDIT_PAGE}${pageParam ? `&before=${encodeURIComponent(pageParam)}` : ''}`;
      return read(auditPageSchema, (await apiFetch(`/api/_auth/audit${query}`, { signal })).json, 'audit log');
    },
    getNextPageParam: (page) => page.next,
    meta: { persist: false },
  });

/** The one-time welcome link as a whole address on this site (the token after `#`, which no request carries). */
const linkOf = (json: unknown) => {
  const answer = read(welcomeLinkSchema, json, 'welcome link');
  return { name: answer.name, link: `${window.location.origin}${answer.welcome}` };
};

export type WelcomeLink = ReturnType<typeof linkOf>;

const personPath = (name: string) => `/api/_auth/people/${encodeURIComponent(name)}`;

export async function invitePerson(name: string, role: Role, limit: LimitChoice): Promise<WelcomeLink> {
  return linkOf(
    (await apiFetch('/api/_auth/people', { method: 'POST', body: { name, role, limit } satisfies InviteBody })).json,
  );
}

export async function changePerson(name: string, change: { role: Role } | { limit: LimitChoice }): Promise<void> {
  await apiFetch(personPath(name), { method: 'PATCH', body: change satisfies ChangePersonBody });
}

export async function resetPassword(name: string): Promise<WelcomeLink> {
  return linkOf((await apiFetch(`${personPath(name)}/reset`, { method: 'POST', body: {} })).json);
}

export async function signOutEverywhere(name: string): Promise<void> {
  await apiFetch(`${personPath(name)}/sign-out`, { method: 'POST', body: {} });
}

export async function removePerson(name: string): Promise<void> {
  await apiFetch(personPath(name), { method: 'DELETE' });
}
