import * as v from 'valibot';

/**
 * What a PUT of a webhook is checked against on the server (src/contract/watch-webhooks.ts lists the routes): a
 * module of its own, so the browser's Watches chunk, which imports only its type, carries none of it.
 *
 * PUT: the URL to POST to; `resetSecret: true` replaces the secret (a new webhook always gets one).
 */
export const WEBHOOK_URL_MAX = 2000;

export const webhookRequest = v.strictObject({
  url: v.pipe(v.string(), v.trim(), v.minLength(1, 'url is required'), v.maxLength(WEBHOOK_URL_MAX)),
  resetSecret: v.optional(v.boolean()),
});
export type WebhookRequest = v.InferOutput<typeof webhookRequest>;
