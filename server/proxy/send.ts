import type { FastifyReply } from 'fastify';
import type { ServerResponse } from 'node:http';
import { FROM_ARCHIVE, HEADER } from '../../src/contract/index.ts';
import type { NormalisedError } from './errors.ts';
import type { PurchaseResult } from './purchase-result.ts';

/** A JSON answer of the API: never cached. A route's response schema, where it has one, writes the body. */
export function sendJson(reply: FastifyReply, status: number, body: unknown, headers: Record<string, string> = {}) {
  return reply
    .code(status)
    .headers({ 'cache-control': 'no-store', ...headers })
    .type('application/json; charset=utf-8')
    .send(body);
}

/** Every error carries whether it cost anything, in the body and in a header the client can read before parsing. */
export function sendError(reply: FastifyReply, failure: NormalisedError, headers: Record<string, string> = {}) {
  return sendJson(reply, failure.error.status, failure, { ...headers, [HEADER.charged]: failure.error.charged });
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

/**
 * Sends one purchase's result to every asker still connected: one, or all who rode on its flight (coalesce.ts).
 * Written on the raw responses (the paid routes hijack their replies): one answer goes to several requests.
 */
export function sendPurchase(responses: ServerResponse[], result: PurchaseResult) {
  const headers = purchaseHeaders(result);
  for (const response of responses) {
    if (response.destroyed) continue;
    response.writeHead(result.status, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...headers,
    });
    response.end(result.text);
  }
}
