import type { ServerResponse } from 'node:http';
import { echoedForms, echoInHeaders } from './echo.ts';

/** How a stand-in response can be broken on purpose. */
export interface FaultRule {
  /** Substring of the handle, rest_id, cursor or query this rule applies to. */
  match: string;
  status?: number;
  /**
   * `echo-auth` repeats the Authorization header in the message, as some careless gateways do;
   * `echo-forms` repeats the token in every form of echo.ts, in the message and in headers.
   */
  body?:
    | 'json'
    | 'json-error'
    | 'html'
    | 'text'
    | 'truncated'
    | 'success-false'
    | 'unknown-shape'
    | 'empty'
    | 'echo-auth'
    | 'echo-forms';
  retryAfter?: string;
  latencyMs?: number;
  /** How many matching requests it breaks; unlimited when absent. */
  times?: number;
}

/** `fault_503_html` as a handle or query: the same as a rule, without a control call. */
export function reservedFault(subject: string): FaultRule | undefined {
  const match = /(?:^|__)fault_(\d{3})(?:_([a-z-]+))?/.exec(subject);
  if (!match) return undefined;
  return { match: subject, status: Number(match[1]), body: (match[2] as FaultRule['body']) ?? 'json-error' };
}

export class FaultBook {
  private rules: FaultRule[] = [];

  add(rule: FaultRule) {
    this.rules.push({ ...rule });
  }
  clear() {
    this.rules = [];
  }

  take(subject: string): FaultRule | undefined {
    const rule = this.rules.find((candidate) => subject.includes(candidate.match));
    if (rule?.times !== undefined && --rule.times <= 0)
      this.rules = this.rules.filter((candidate) => candidate !== rule);
    return rule ?? reservedFault(subject);
  }
}

const GATEWAY_HTML =
  '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1><p>The upstream server returned an invalid response.</p></body></html>';

export function sendFault(
  response: ServerResponse,
  rule: FaultRule,
  send: (status: number, body: unknown) => void,
  authorization = '',
) {
  const status = rule.status ?? 500;
  if (rule.retryAfter !== undefined) response.setHeader('Retry-After', rule.retryAfter);
  switch (rule.body) {
    case 'html':
      response.writeHead(status, { 'content-type': 'text/html' }).end(GATEWAY_HTML);
      return;
    case 'text':
      response.writeHead(status, { 'content-type': 'text/plain' }).end(`Error ${status}: something went wrong`);
      return;
    case 'truncated':
      response
        .writeHead(status, { 'content-type': 'application/json' })
        .end('{"success":true,"data":{"timeline":[{"post_id":"1","te');
      return;
    case 'empty':
      response.writeHead(status).end();
      return;
    case 'success-false':
      send(200, { success: false, message: 'Upstream could not complete the request', meta: { credits: 0 } });
      return;
    case 'unknown-shape':
      send(status, { oops: ['not', 'a', 'known', 'shape'] });
      return;
    case 'echo-auth':
      send(status, { success: false, message: `Rejected credentials "${authorization}"` });
      return;
    case 'echo-forms': {
      const token = authorization.replace(/^Bearer /, '');
      echoInHeaders(response, token);
      send(status, { success: false, message: `Rejected credentials ${Object.values(echoedForms(token)).join(' ')}` });
      return;
    }
    case 'json':
      send(status, { success: false, message: `Injected failure ${status}` });
      return;
    default:
      send(status, { success: false, error: { code: `E${status}`, message: `Injected failure ${status}` } });
  }
}
