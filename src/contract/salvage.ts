import * as v from 'valibot';

/** An answer read field by field: what could be read, and the fields that could not (their dot paths). */
export interface Salvaged<T> {
  output: T;
  unreadable: string[];
}

/** Stand-ins a field that cannot be read takes, the first its schema accepts: "none" rather than a made-up number. */
const STAND_INS: unknown[] = [null, undefined, false, [], '', '0', 0];

function standIn(schema: v.GenericSchema): unknown {
  const options = 'options' in schema && Array.isArray(schema.options) ? (schema.options as unknown[]) : [];
  return [...STAND_INS, ...options].find((candidate) => v.is(schema, candidate));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function salvageField(schema: v.GenericSchema, value: unknown, path: string, unreadable: string[]): unknown {
  const read = v.safeParse(schema, value);
  if (read.success) return read.output;
  if (schema.type === 'object' && 'entries' in schema) {
    // An object: each of its fields on its own, so one bad field costs only itself.
    const entries = schema.entries as Record<string, v.GenericSchema>;
    const given = isRecord(value) ? value : {};
    const fields = Object.entries(entries).map(([key, entry]) => [
      key,
      salvageField(entry, given[key], `${path}.${key}`, unreadable),
    ]);
    // An optional field left out stays out.
    return Object.fromEntries(fields.filter(([, field]) => field !== undefined));
  }
  if (schema.type === 'array' && 'item' in schema && Array.isArray(value)) {
    // A list: the items that can be read, and how many could not.
    const item = schema.item as v.GenericSchema;
    const kept = value.filter((each) => v.is(item, each));
    unreadable.push(`${path} (${value.length - kept.length} of ${value.length})`);
    return kept.map((each) => v.parse(item, each));
  }
  unreadable.push(path);
  return standIn(schema);
}

/**
 * Reads an answer with its object schema, and when it does not pass whole, reads each field on its own: a
 * field that cannot be read is named and stands in as none (null, false, an empty list), so the page shows
 * everything else instead of nothing (#33: one "1e-7" in /api/_session blanked every page). Null when even
 * that does not give the schema's shape, or the answer is no object at all.
 */
export function salvage<T extends v.GenericSchema>(schema: T, json: unknown): Salvaged<v.InferOutput<T>> | null {
  const whole = v.safeParse(schema, json);
  if (whole.success) return { output: whole.output, unreadable: [] };
  if (!isRecord(json) || schema.type !== 'object') return null;
  const unreadable: string[] = [];
  const entries = (schema as unknown as { entries: Record<string, v.GenericSchema> }).entries;
  const fields = Object.entries(entries).map(([key, entry]) => [key, salvageField(entry, json[key], key, unreadable)]);
  // An optional field left out stays out, as in each object below.
  const again = v.safeParse(schema, Object.fromEntries(fields.filter(([, field]) => field !== undefined)));
  return again.success ? { output: again.output, unreadable } : null;
}
