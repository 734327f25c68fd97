import type { FastifyReply } from 'fastify';
import { HEADER } from '../../src/contract/index.ts';
import type { NormalisedError } from './errors.ts';

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
