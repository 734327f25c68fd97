import type { ServerResponse } from 'node:http';
import type { NormalisedError } from './errors.ts';

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  });
  response.end(JSON.stringify(body));
}

/** Every error carries whether it cost anything, in the body and in a header the client can read before parsing. */
export function sendError(response: ServerResponse, failure: NormalisedError, headers: Record<string, string> = {}) {
  sendJson(response, failure.error.status, failure, { ...headers, 'x-creditscope-charged': failure.error.charged });
}
