import type { IncomingMessage } from 'node:http';
import { BodyRefused, readLimitedBody } from './read-body.ts';

export { BodyRefused };

/** How a route reads its body: at most `maxBytes`; `json`: a JSON object sent as `application/json` (readJsonObject). */
export interface BodyRule {
  maxBytes: number;
  json: boolean;
}

export const NOT_JSON = 'Request body is not valid JSON';

/** `application/json`, with no charset or UTF-8 (the only one JSON may be sent in, RFC 8259). */
const JSON_TYPE = /^application\/json\s*(;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;

/**
 * The first key given twice in one object of valid JSON text, or null. JSON.parse keeps the last one
 * silently, so `{"q":"a","q":"b"}` would be a search for "b" that nobody can see was asked for.
 */
export function duplicateKey(json: string): string | null {
  // One entry per open object (the keys seen so far) or array (null).
  const open: (Set<string> | null)[] = [];
  let keyNext = false;
  for (let at = 0; at < json.length; at++) {
    const char = json[at];
    if (char === '"') {
      let end = at + 1;
      while (json[end] !== '"') end += json[end] === '\\' ? 2 : 1;
      const keys = open.at(-1);
      if (keyNext && keys) {
        const key = JSON.parse(json.slice(at, end + 1)) as string;
        if (keys.has(key)) return key;
        keys.add(key);
        keyNext = false;
      }
      at = end;
    } else if (char === '{') {
      open.push(new Set());
      keyNext = true;
    } else if (char === '[') {
      open.push(null);
    } else if (char === '}' || char === ']') {
      open.pop();
    } else if (char === ',') {
      keyNext = open.at(-1) instanceof Set;
    }
  }
  return null;
}

/**
 * A JSON object from a request body, read only when it is declared JSON, is UTF-8, and means one thing:
 * no key given twice. Throws BodyRefused saying which rule the body broke.
 */
export async function readJsonObject(request: IncomingMessage, maxBytes: number): Promise<Record<string, unknown>> {
  const type = request.headers['content-type'];
  if (!type || !JSON_TYPE.test(type.trim())) {
    request.resume();
    throw new BodyRefused(refusedType(type));
  }
  const text = await readLimitedBody(request, maxBytes);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BodyRefused(NOT_JSON);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new BodyRefused('Request body must be a JSON object');
  const repeated = duplicateKey(text);
  if (repeated !== null) throw new BodyRefused(`Request body gives the key ${JSON.stringify(repeated)} more than once`);
  return value as Record<string, unknown>;
}

/** Why a body of this Content-Type (or of none) is not read as JSON. */
export function refusedType(type: string | undefined): string {
  return `Request body must be sent as Content-Type: application/json${type ? `, not ${JSON.stringify(type.slice(0, 100))}` : ''}`;
}

/**
 * A request body by its route's rule: a strict JSON object (readJsonObject), or any JSON value whatever its
 * declared type (`json: false`: the route's schema says what it must be). A route without a rule reads
 * nothing: the body is drained unread, as it always was.
 */
export async function readApiBody(request: IncomingMessage, rule: BodyRule | undefined): Promise<unknown> {
  if (!rule) {
    request.resume();
    return undefined;
  }
  if (rule.json) return readJsonObject(request, rule.maxBytes);
  const text = await readLimitedBody(request, rule.maxBytes);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BodyRefused(NOT_JSON);
  }
}
