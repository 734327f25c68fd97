import type { FastifyPluginAsync } from 'fastify';
import type { Store } from '../store/store.ts';
import { purchaseKey } from '../../src/api/identity.ts';
import { freeCopy, type PageAsked } from './free-copy.ts';
import { sendJson } from './send.ts';

const MAX_LOOKUP = 100;
const LOOKUP_KEYS = `Give 1 to ${MAX_LOOKUP} page keys as ?key=…&key=…, each under 2,000 characters`;

const pageKey = { type: 'string', maxLength: 2000 } as const;
const open = (properties: Record<string, unknown>) => ({ type: 'object', properties, additionalProperties: true });
const lookupAnswer = open({
  pages: {
    type: 'object',
    additionalProperties: { anyOf: [{ type: 'null' }, open({ boughtAt: { type: 'string' } })] },
  },
});

/** A purchase key read back into its page, in its canonical spelling; null for anything that is not one. */
function pageOfKey(key: string): PageAsked | null {
  const space = key.indexOf(' ');
  const operation = key.slice(0, space);
  if (space < 0 || (operation !== 'timeline' && operation !== 'search')) return null;
  let entries: unknown;
  try {
    entries = JSON.parse(key.slice(space + 1));
  } catch {
    return null;
  }
  if (!Array.isArray(entries) || !entries.every((entry) => Array.isArray(entry) && typeof entry[0] === 'string'))
    return null;
  const params = Object.fromEntries(entries as [string, unknown][]);
  return { operation, params, key: purchaseKey(operation, params) };
}

/**
 * Which of these pages the archive would serve free right now, and when each was bought; what a priced control
 * needs to say "0 credits · from archive". It answers with the purchaser's own rule (free-copy.ts), reads the
 * store only and never calls upstream.
 */
async function lookup(keys: string[], store: Store) {
  const pages: Record<string, { boughtAt: string } | null> = {};
  const now = Date.now();
  for (const key of keys) {
    const page = pageOfKey(key);
    const copy = page ? await freeCopy(store.archive, page, now) : null;
    pages[key] = copy ? { boughtAt: copy.bought_at } : null;
  }
  return { pages };
}

/** `GET /api/_history/lookup?key=<purchase key>&key=…`: the price look-up (lookup above). Free. */
export function historyLookupRoutes(store: Store): FastifyPluginAsync {
  return async (api) => {
    api.get<{ Querystring: { key: string | string[] } }>(
      '/_history/lookup',
      {
        schema: {
          querystring: {
            type: 'object',
            properties: {
              key: {
                anyOf: [pageKey, { type: 'array', items: pageKey, minItems: 1, maxItems: MAX_LOOKUP }],
              },
            },
            required: ['key'],
          },
          response: { 200: lookupAnswer },
        },
        config: { access: 'read', refusal: LOOKUP_KEYS },
      },
      async (request, reply) => {
        const { key } = request.query;
        return sendJson(reply, 200, await lookup(Array.isArray(key) ? key : [key], store));
      },
    );
  };
}
