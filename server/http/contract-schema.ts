import { toJsonSchema, type ConversionConfig, type JsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';

/**
 * Fastify's schemas, derived from the contract's valibot shapes (src/contract) rather than written again.
 *
 * - A request schema is the gate Fastify's ajv checks before the route runs; the route's valibot reading
 *   (`config.refusal`) words every refusal. So the derived schema must never be stricter than the valibot one:
 *   a check that follows a transformation (`v.trim()`, then a pattern) is valibot's alone, as are the checks
 *   JSON Schema cannot say (`v.check`, `v.custom`); defaults are left out (ajv would write them into the body).
 *   The top level is closed (`additionalProperties: false`): a request names only the fields the contract lists.
 * - An answer schema writes the body (fast-json-stringify): objects stay open, so a field the server adds
 *   reaches the browser as it did before its schema named it.
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

function convert(schema: Schema, openObjects: boolean): JsonSchema {
  const config: ConversionConfig = {
    errorMode: 'ignore',
    typeMode: 'input',
    overrideSchema: ({ valibotSchema, jsonSchema }) => {
      const { default: _default, ...rest } = jsonSchema;
      if (valibotSchema.type === 'object' && openObjects) return { ...rest, additionalProperties: true };
      return rest;
    },
  };
  return toJsonSchema(asSent(schema), config);
}

/** A nested schema carries no `$schema` of its own. */
function inner(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, ...rest } = schema;
  return rest;
}

export type { JsonSchema };

/** The JSON Schema of a request (a body or a query string) for Fastify to check, from its contract shape. */
export function requestSchema(schema: Schema): JsonSchema {
  return { ...inner(convert(schema, false)), additionalProperties: false };
}

/** The JSON Schema of an answer for Fastify to write with, from its contract shape. */
export function answerSchema(schema: Schema): JsonSchema {
  return inner(convert(schema, true));
}
