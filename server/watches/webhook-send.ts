import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isPrivateAddress, PRIVATE_REFUSED, publicOnlyLookup } from './webhook-url.ts';

/** How long a receiver has to answer, and how much of its answer is kept (for the deliveries' error). */
export const SEND_TIMEOUT_MS = 10_000;
const SNIPPET_MAX = 200;

export interface Attempt {
  deliveryId: string;
  url: string;
  secret: string;
  body: string;
  allowPrivate: boolean;
}

/** What an attempt came to: delivered on a 2xx; else the status (null: no answer) and why, in words. */
export type AttemptResult = { ok: true; status: number } | { ok: false; status: number | null; error: string };

/** `sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`: the receiver recomputes it with the secret it was shown. */
export function signature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * One POST of a delivery. No redirect is followed (a 3xx is a failure: the URL is to be fixed, and a redirect
 * could lead inside); at most SEND_TIMEOUT_MS; only a short snippet of the answer is read. Only this body and
 * these headers are sent: never the upstream token nor anyone's cookie.
 */
export function sendAttempt(attempt: Attempt): Promise<AttemptResult> {
  const url = new URL(attempt.url);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!attempt.allowPrivate && isPrivateAddress(host))
    return Promise.resolve({ ok: false, status: null, error: `${host} ${PRIVATE_REFUSED}` });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(attempt.body)),
    'user-agent': 'creditscope-webhooks',
    'x-creditscope-delivery': attempt.deliveryId,
    'x-creditscope-timestamp': timestamp,
    'x-creditscope-signature': signature(attempt.secret, timestamp, attempt.body),
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((answered) => {
    // The whole attempt, answer included: a receiver trickling its answer byte by byte holds it no longer than this.
    const deadline = setTimeout(
      () => request.destroy(new Error(`no whole answer within ${SEND_TIMEOUT_MS / 1000} s`)),
      SEND_TIMEOUT_MS,
    );
    const resolve = (result: AttemptResult) => {
      clearTimeout(deadline);
      answered(result);
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        headers,
        timeout: SEND_TIMEOUT_MS,
        ...(attempt.allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        // Taken: its body says nothing more.
        if (status >= 200 && status < 300) {
          resolve({ ok: true, status });
          response.destroy();
          return;
        }
        let snippet = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (snippet.length < SNIPPET_MAX) snippet += chunk;
          else response.destroy();
        });
        const done = () => {
          const said = snippet.replace(/\s+/g, ' ').trim().slice(0, SNIPPET_MAX);
          const redirect =
            status >= 300 && status < 400 ? ' (a redirect: not followed; point the webhook at its target)' : '';
          resolve({ ok: false, status, error: `answered ${status}${redirect}${said ? `: ${said}` : ''}` });
        };
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${SEND_TIMEOUT_MS / 1000} s`)));
    request.on('error', (error) => resolve({ ok: false, status: null, error: error.message }));
    request.end(attempt.body);
  });
}
