import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';

/**
 * The Fastify schemas of the /api routes, derived from the contract's valibot schemas (src/contract), never
 * written again by hand: one shape, read by the browser with valibot and by Fastify as JSON Schema.
 *
 * How the valibot kinds read as JSON Schema (@valibot/to-json-schema): `v.strictObject` refuses a field it does
 * not list (a request body: ajv runs with removeAdditional false, so an unknown field is a 400, never dropped);
 * `v.object` lets one through (a query string, which may carry more; an answer, whose serializer writes a field
 * the contract does not list rather than drop it).
 */
type JsonSchema = Record<string, unknown>;

/** A request's query, body or path parameters, as Fastify validates it. A check JSON Schema cannot say throws. */
export function requestSchema(schema: v.GenericSchema): JsonSchema {
  const { $schema: _, ...json } = toJsonSchema(schema, { typeMode: 'input', errorMode: 'throw' });
  return json;
}

/**
 * An answer, as Fastify's serializer writes it. Its fields are not `required`: the serializer writes what the
 * route built (typed by the contract) and never turns an answer into a 500 (server/proxy/session-contract.test.ts
 * checks a real answer is whole). Patterns are left out too: the serializer picks an `anyOf` branch by validating,
 * and a text it writes is a text, as the hand-written schemas said (`{ type: ['string', 'null'] }`).
 */
export function answerSchema(schema: v.GenericSchema): JsonSchema {
  const { $schema: _, ...json } = toJsonSchema(schema, {
    typeMode: 'input',
    errorMode: 'ignore',
    ignoreActions: ['regex', 'starts_with'],
  });
  return withoutRequired(json) as JsonSchema;
}

function withoutRequired(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutRequired);
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'required' && Array.isArray(value)))
      .map(([key, value]) => [key, withoutRequired(value)]),
  );
}
