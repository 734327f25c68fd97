/**
 * The failures the proxy names and the browser tells apart, and what the proxy knows of a failed call's
 * charge: one list for both sides (server/proxy imports this file, so it stays pure: no DOM, no Node).
 */
export const ERROR_KINDS = [
  'auth',
  'not_found',
  'rate_limited',
  'budget',
  'bad_request',
  'upstream',
  'network',
  'invalid_response',
  'ledger',
  // People on a shared server (#28): no credential, a viewer asking to spend, and the sign-in pages' own refusals.
  'sign-in-required',
  'viewer-cannot-spend',
  'wrong-credentials',
  'sign-in-throttled',
  'invite-invalid',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export function isErrorKind(value: unknown): value is ErrorKind {
  return typeof value === 'string' && (ERROR_KINDS as readonly string[]).includes(value);
}

/** The kind an HTTP status means when the answer says nothing more. */
export function kindForStatus(status: number): ErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status === 402) return 'budget';
  if (status >= 400 && status < 500) return 'bad_request';
  return 'upstream';
}

/** Whether the upstream may have charged for a failed call: decides if trying again is safe to do unasked. */
export const CHARGED = ['no', 'yes', 'unknown'] as const;
export type Charged = (typeof CHARGED)[number];

export function isCharged(value: unknown): value is Charged {
  return typeof value === 'string' && (CHARGED as readonly string[]).includes(value);
}
