import type { FastifyPluginAsync } from 'fastify';
import type { Store } from '../store/store.ts';
import { purchaseKey } from '../../src/contract/identity.ts';
import type { PageAsked } from '../store/archive-store.ts';
import { sendJson } from './send.ts';
import { lookupAnswerSchema, MAX_LOOKUP_KEYS, type LookupAnswer } from '../../src/contract/lookup.ts';
import { lookupQuerySchema, type LookupQuery } from '../../src/contract/requests.ts';
import { answerSchema, requestSchema } from '../http/contract-schema.ts';

const LOOKUP_KEYS = `Give 1 to ${MAX_LOOKUP_KEYS} page keys as ?key=…&key=…, each under 2,000 characters`;

/** The route's Fastify schema, derived from the contract (src/contract/history.ts). */
const SCHEMA = { querystring: requestSchema(lookupQuerySchema), response: { 200: answerSchema(lookupAnswerSchema) } };

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
 * needs to say "0 credits · from archive" (asked by the browser, and by a rendered page for its first screen). It answers with the purchaser's own rule (ArchiveStore.freeCopy), reads
 * the store only and never calls upstream.
 */
export async function lookUpFreeCopies(keys: string[], store: Store): Promise<LookupAnswer> {
  const pages: LookupAnswer['pages'] = {};
  const now = Date.now();
  for (const key of keys) {
    const page = pageOfKey(key);
    const boughtAt = page ? await store.archive.freeCopyBoughtAt(page, now) : null;
    // When it stops being free is the archive's rule too: the browser's price turns then, deciding nothing itself.
    pages[key] =
      page && boughtAt !== null
        ? { boughtAt, freeUntil: store.archive.freeUntil(boughtAt, page.operation, page.params) }
        : null;
  }
  return { pages };
}

/** `GET /api/_history/lookup?key=<purchase key>&key=…`: the price look-up (lookup above). Free. */
export function historyLookupRoutes(store: Store): FastifyPluginAsync {
  return async (api) => {
    api.get<{ Querystring: LookupQuery }>(
      '/_history/lookup',
      {
        schema: SCHEMA,
        config: { access: 'read', refusal: LOOKUP_KEYS },
      },
      async (request, reply) => {
        const { key } = request.query;
        return sendJson(reply, 200, await lookUpFreeCopies(Array.isArray(key) ? key : [key], store));
      },
    );
  };
}
