import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { apiFetch } from '../client';
import type { KeyLabelBody } from '../../contract/requests';
import { ApiError } from '../errors';
import { apiKeysSchema, createdKeySchema, peopleSchema, type CreatedKey } from '../../contract/people';

/**
 * The #28 routes behind a person's own keys on the Credits page (`/api/_auth/keys`) and the admins' list of people
 * (`/api/_auth/people`); what admins do to people is in people-admin.ts (the People page's chunk). All free.
 */

export type { ApiKey, CreatedKey, TeamPerson } from '../../contract/people';

export function read<T>(schema: v.GenericSchema<unknown, T>, json: unknown, what: string): T {
  const result = v.safeParse(schema, json);
  if (!result.success) throw new ApiError('invalid_response', `The server's ${what} could not be read`);
  return result.output;
}

export const peopleKeys = {
  keys: () => ['auth', 'keys'] as const,
  people: () => ['auth', 'people'] as const,
  audit: () => ['auth', 'audit'] as const,
};

// Never persisted: who has which key, and who did what, is not bought data.
export const keysQueryOptions = () =>
  queryOptions({
    queryKey: peopleKeys.keys(),
    queryFn: async ({ signal }) =>
      read(apiKeysSchema, (await apiFetch('/api/_auth/keys', { signal })).json, 'keys').keys,
    meta: { persist: false },
  });

export const peopleQueryOptions = () =>
  queryOptions({
    queryKey: peopleKeys.people(),
    queryFn: async ({ signal }) =>
      read(peopleSchema, (await apiFetch('/api/_auth/people', { signal })).json, 'people').people,
    meta: { persist: false },
  });

/** `POST /api/_auth/keys`: the new key, answered this once. */
export async function createKey(label: string): Promise<CreatedKey> {
  return read(
    createdKeySchema,
    (await apiFetch('/api/_auth/keys', { method: 'POST', body: { label } satisfies KeyLabelBody })).json,
    'new key',
  );
}

/** `DELETE /api/_auth/keys/:id`: the key stops working at once. */
export async function revokeKey(id: string): Promise<void> {
  await apiFetch(`/api/_auth/keys/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
