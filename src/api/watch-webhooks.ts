import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { apiFetch, readApiResponse, sendApiRequest } from './client';
import { ApiError } from './errors';
import { watchKeys } from './watches';
import { WATCHES_PATH } from '../contract/watches';
import { deliveriesAnswer, webhookAnswer, type Delivery, type Webhook } from '../contract/watch-webhooks';
// Types only: the request's schema stays on the server's side.
import type { WebhookRequest } from '../contract/watch-webhook-requests';

export type { Delivery, Webhook, WebhookRequest };

/** Whose webhook: one watch's own (its id), or the person's for all their watches (null). All free. */
export type WebhookOwner = string | null;

export const webhookKeys = {
  webhook: (watchId: WebhookOwner) => [...watchKeys.all, 'webhook', watchId ?? 'mine'] as const,
  deliveries: (watchId: string) => [...watchKeys.all, 'deliveries', watchId] as const,
};

const webhookPath = (watchId: WebhookOwner) =>
  watchId === null ? `${WATCHES_PATH}/webhook` : `${WATCHES_PATH}/${encodeURIComponent(watchId)}/webhook`;

function parse<T extends v.GenericSchema>(schema: T, json: unknown): v.InferOutput<T> {
  const result = v.safeParse(schema, json);
  if (!result.success)
    throw new ApiError('invalid_response', 'The creditscope server sent an unexpected webhook shape');
  return result.output;
}

export async function fetchWebhook(watchId: WebhookOwner, signal?: AbortSignal): Promise<Webhook | null> {
  return parse(webhookAnswer, (await apiFetch(webhookPath(watchId), { signal })).json).webhook;
}

export async function saveWebhook(watchId: WebhookOwner, request: WebhookRequest): Promise<Webhook | null> {
  return parse(webhookAnswer, (await apiFetch(webhookPath(watchId), { method: 'PUT', body: request })).json).webhook;
}

/** A 204 has no body to read: anything else is read as every answer is, to say why it was refused. */
export async function removeWebhook(watchId: WebhookOwner): Promise<null> {
  const pending = sendApiRequest(webhookPath(watchId), { method: 'DELETE' });
  if ((await pending.catch(() => null))?.status === 204) return null;
  await readApiResponse(pending);
  return null;
}

export async function fetchDeliveries(watchId: string, signal?: AbortSignal): Promise<Delivery[]> {
  const path = `${WATCHES_PATH}/${encodeURIComponent(watchId)}/deliveries`;
  return parse(deliveriesAnswer, (await apiFetch(path, { signal })).json).deliveries;
}

export function webhookQueryOptions(watchId: WebhookOwner) {
  return queryOptions({
    queryKey: webhookKeys.webhook(watchId),
    queryFn: ({ signal }) => fetchWebhook(watchId, signal),
    meta: { persist: false },
  });
}

/** Deliveries are sent and retried on the server: read again this often while they are shown. */
const DELIVERIES_POLL_MS = 5_000;

export function deliveriesQueryOptions(watchId: string) {
  return queryOptions({
    queryKey: webhookKeys.deliveries(watchId),
    queryFn: ({ signal }) => fetchDeliveries(watchId, signal),
    staleTime: 0,
    refetchInterval: DELIVERIES_POLL_MS,
    meta: { persist: false },
  });
}
