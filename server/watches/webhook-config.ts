import { Problem } from '../config-rules.ts';

const quoted = (raw: string) => JSON.stringify(raw.length > 80 ? `${raw.slice(0, 80)}…` : raw);

/** After a failed delivery, the waits before each retry: 1 min, 5 min, 30 min, 2 h, 12 h; then it has failed. */
export const WEBHOOK_RETRY_MS = [60_000, 300_000, 1_800_000, 7_200_000, 43_200_000];

/** CREDITSCOPE_WEBHOOK_RETRY_MS: the waits before each retry, in ms, comma-separated (tests shorten them). */
export function webhookRetryMs(raw: string): number[] {
  const parts = raw.split(',').map((part) => part.trim());
  const bad =
    parts.length > 10 || parts.some((part) => !/^\d+$/.test(part) || Number(part) < 10 || Number(part) > 86_400_000);
  if (bad)
    throw new Problem(
      `CREDITSCOPE_WEBHOOK_RETRY_MS must be up to 10 whole numbers of milliseconds (10 to 86400000) separated by commas, got ${quoted(raw)}. Leave it unset for ${WEBHOOK_RETRY_MS.join(',')}.`,
    );
  return parts.map(Number);
}

/**
 * CREDITSCOPE_WEBHOOK_PRIVATE: whether webhooks may reach private, loopback and link-local addresses. Unset: only
 * where nobody signs in and the server listens on loopback (the operator's own machine); on a shared server a
 * member could otherwise make it POST to its internal network (server-side request forgery).
 */
export function webhookPrivate(raw: string): 'allow' | 'deny' {
  if (raw === 'allow' || raw === 'deny') return raw;
  throw new Problem(
    `CREDITSCOPE_WEBHOOK_PRIVATE must be allow or deny, got ${quoted(raw)}. Leave it unset to allow them only on a loopback server nobody signs in to.`,
  );
}
