import { ApiError } from './errors';

/**
 * What a person reads for a failure. Apart from ApiError itself, which every page needs to tell failures
 * apart: these words load with the error panel (src/components/ErrorPanel.tsx) that shows them.
 */

const STATUS_TEXT: Record<number, string> = {
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  429: 'Too Many Requests',
  408: 'Request Timeout',
};

/** "503 Service Unavailable": the status a person can look up, never a neighbour's name for it. */
export function statusLabel(status: number | null): string {
  if (status === null) return '';
  return STATUS_TEXT[status] ? `${status} ${STATUS_TEXT[status]}` : `HTTP ${status}`;
}

/** Said on every failure that may have cost credits, so a retry is never a surprise. */
export function chargeNote(error: ApiError): string | null {
  if (error.charged === 'yes') return 'The upstream charged for this failed call.';
  if (error.charged === 'unknown')
    return 'The upstream may have charged for this call (no answer was read), so it was not retried automatically.';
  return null;
}

/** The sentence a person should read for an error, with what to do about it. */
export function describeError(error: unknown): { title: string; detail: string } {
  if (!(error instanceof ApiError))
    return { title: 'Something went wrong', detail: error instanceof Error ? error.message : String(error) };
  switch (error.kind) {
    case 'auth':
      return error.status === 403 && error.message.startsWith('Refused')
        ? { title: 'Request refused by the proxy', detail: error.message }
        : {
            title: 'The API token is missing or was rejected',
            detail: `${error.message}. Set API_TOKEN (with API_BASE_URL) in the environment or in .env.local, then restart creditscope.`,
          };
    case 'not_found':
      return { title: 'Not found', detail: error.message };
    case 'rate_limited':
      return {
        title: 'Rate limited by the upstream',
        detail:
          error.retryAfter !== null
            ? `${error.message}. It asks to wait ${error.retryAfter} s before trying again.`
            : `${error.message}. Wait a little before trying again.`,
      };
    case 'budget':
      return { title: 'Credit budget reached', detail: error.message };
    case 'ledger':
      return { title: 'Not sent: the ledger could not be written', detail: error.message };
    case 'bad_request':
      // Most are creditscope's own checks (a search too long, Find's dates reversed), which send nothing upstream.
      return error.upstreamAnswered
        ? { title: 'The upstream rejected the request', detail: error.message }
        : { title: 'Refused by creditscope: nothing was sent', detail: error.message };
    case 'network':
      return { title: 'Could not reach the server', detail: error.message };
    // Who may spend, and signing in: creditscope's own answers, which send nothing upstream.
    case 'viewer-cannot-spend':
    case 'sign-in-required':
    case 'wrong-credentials':
    case 'sign-in-throttled':
    case 'invite-invalid':
      return { title: 'Refused by creditscope: nothing was sent', detail: error.message };
    case 'invalid_response': {
      const note = chargeNote(error);
      return {
        title: 'The upstream sent data that could not be read',
        detail: note ? `${error.message}. ${note}` : error.message,
      };
    }
    default: {
      const note = chargeNote(error);
      return {
        title: `The upstream failed${error.status ? ` (${statusLabel(error.status)})` : ''}`,
        detail: note ? `${error.message}. ${note}` : error.message,
      };
    }
  }
}
