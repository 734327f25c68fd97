import type { ServerResponse } from 'node:http';
import { FROM_ARCHIVE, HEADER } from '../../src/contract/index.ts';
import type { NormalisedError } from './errors.ts';
import type { PurchaseResult } from './purchase-result.ts';

function writeJson(response: ServerResponse, status: number, text: string, headers: Record<string, string>) {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  });
  response.end(text);
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  writeJson(response, status, JSON.stringify(body), headers);
}

/** Every error carries whether it cost anything, in the body and in a header the client can read before parsing. */
export function sendError(response: ServerResponse, failure: NormalisedError, headers: Record<string, string> = {}) {
  sendJson(response, failure.error.status, failure, { ...headers, [HEADER.charged]: failure.error.charged });
}

/**
 * A purchase's result as HTTP headers (src/contract/headers.ts says what each means): the one place they are
 * written from it, for the proxy's answers and for the answer a server-rendered page inlines.
 */
export function purchaseHeaders(result: PurchaseResult): Record<string, string> {
  return {
    ...(result.retryAfter !== null ? { 'retry-after': result.retryAfter } : {}),
    ...(result.source === 'archive' ? { [HEADER.source]: FROM_ARCHIVE } : {}),
    ...(result.boughtAt !== null ? { [HEADER.boughtAt]: result.boughtAt } : {}),
    ...(result.callId !== null ? { [HEADER.callId]: result.callId } : {}),
    ...(result.credits !== null ? { [HEADER.credits]: result.credits } : {}),
    [HEADER.charged]: result.charged,
  };
}

/** Sends one purchase's result to every asker still connected: one, or all who rode on its flight (coalesce.ts). */
export function sendPurchase(responses: ServerResponse[], result: PurchaseResult) {
  const headers = purchaseHeaders(result);
  for (const response of responses) if (!response.destroyed) writeJson(response, result.status, result.text, headers);
}
