import { toJsonSchema, type ConversionConfig, type JsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';

/**
 * The Fastify schemas of the /api routes, derived from the contract's valibot shapes (src/contract), never
 * written again by hand: one shape, read by the browser with valibot and by Fastify as JSON Schema.
 *
 * - A request schema is the gate Fastify's ajv checks before the route runs (ajv runs with removeAdditional and
 *   coerceTypes off, so an unknown field is a 400, never dropped). `v.strictObject` refuses a field it does not
 *   list (a body); `v.object` lets one through (a query string, which may carry more), unless the route asks for
 *   `closed`. Defaults are left out (ajv would write them into the body). A check JSON Schema cannot say throws,
 *   unless the route reads the value with valibot afterwards (`refinedLater`): then the derived schema must never
 *   be stricter than the valibot one, so a check after a transformation (`v.trim()`, then a pattern) and the
 *   checks JSON Schema cannot say (`v.check`, `v.custom`) are valibot's alone.
 * - An answer schema writes the body (fast-json-stringify). Its fields are not `required` and patterns are left
 *   out: the serializer writes what the route built (typed by the contract) and never turns an answer into a 500
 *   (server/proxy/session-contract.test.ts checks a real answer is whole). Objects stay open, so a field the
 *   server adds reaches the browser.
 */

type Schema = v.GenericSchema;
type Node = Schema & {
  pipe?: readonly (Schema | { kind: string })[];
  entries?: Record<string, Schema>;
  wrapped?: Schema;
  item?: Schema;
  options?: readonly Schema[];
};

/**
 * The shape as the value is sent: a pipe ends before its first transformation (what follows is checked on
 * the transformed value, which JSON Schema never sees), in every nested field. Only read, never run.
 */
function asSent(schema: Schema): Schema {
  const node = schema as Node;
  const cut = node.pipe?.findIndex((item) => item.kind === 'transformation') ?? -1;
  if (node.pipe && cut > 0)
    return asSent(cut === 1 ? (node.pipe[0] as Schema) : ({ ...node, pipe: node.pipe.slice(0, cut) } as Schema));
  const copy: Node = { ...node };
  if (node.pipe) copy.pipe = node.pipe.map((item) => (item.kind === 'schema' ? asSent(item as Schema) : item));
  if (node.entries)
    copy.entries = Object.fromEntries(Object.entries(node.entries).map(([key, entry]) => [key, asSent(entry)]));
  if (node.wrapped) copy.wrapped = asSent(node.wrapped);
  if (node.item) copy.item = asSent(node.item);
  // A union's options are schemas; a picklist's are its values, kept as they are.
  if (node.type === 'union' && node.options) copy.options = node.options.map(asSent);
  return copy;
}

function convert(schema: Schema, config: ConversionConfig, openObjects: boolean): JsonSchema {
  const { $schema: _schema, ...json } = toJsonSchema(asSent(schema), {
    typeMode: 'input',
    ...config,
    overrideSchema: ({ valibotSchema, jsonSchema }) => {
      const { default: _default, ...rest } = jsonSchema;
      if (valibotSchema.type === 'object' && openObjects) return { ...rest, additionalProperties: true };
      return rest;
    },
  });
  return json;
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

export type { JsonSchema };

export interface RequestSchemaOptions {
  /** The top level names only the fields the contract lists, whatever its kind (a paid page's query). */
  closed?: boolean;
  /** The route reads the value with valibot after Fastify's check, which words every refusal. */
  refinedLater?: boolean;
}

/** A request's query, body or path parameters, as Fastify validates it, from its contract shape. */
export function requestSchema(schema: Schema, options: RequestSchemaOptions = {}): JsonSchema {
  const json = convert(schema, { errorMode: options.refinedLater ? 'ignore' : 'throw' }, false);
  return options.closed ? { ...json, additionalProperties: false } : json;
}

/** An answer, as Fastify's serializer writes it, from its contract shape. */
export function answerSchema(schema: Schema): JsonSchema {
  return withoutRequired(
    convert(schema, { errorMode: 'ignore', ignoreActions: ['regex', 'starts_with'] }, true),
  ) as JsonSchema;
}
