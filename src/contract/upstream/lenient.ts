import * as v from 'valibot';
import { safeHttpUrl } from '../url.ts';

/**
 * Building blocks that accept what the real service sends (nulls, `[]` for objects,
 * formatted numbers) and turn anything unusable into a neutral value instead of failing.
 * Each is `unknown → value`, so a missing key never makes the output optional.
 */
export function lenient<T>(normalise: (value: unknown) => T) {
  return v.pipe(v.unknown(), v.transform(normalise));
}

/*
 * Text is made well-formed (a lone surrogate, valid in JSON, becomes U+FFFD): encodeURIComponent throws on one, and a
 * post's link is made of its handle and id.
 */
export const text = lenient((value) => (typeof value === 'string' ? value.toWellFormed() : ''));
export const optionalText = lenient((value) => (typeof value === 'string' && value ? value.toWellFormed() : null));
export const flag = lenient((value) => value === true);
export const httpUrl = lenient(safeHttpUrl);
export const idString = lenient((value) =>
  typeof value === 'string' && value ? value.toWellFormed() : typeof value === 'number' ? String(value) : null,
);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An object whose documented fields may each be missing, and which may itself arrive as
 * `[]`, `{}`, null or not at all: every case reads as an object of neutral values.
 * (Valibot treats an absent key as an error unless its schema is optional; absent keys
 * are filled with `undefined` first so each field's own normaliser decides.)
 */
export function looseRecord<const TEntries extends v.ObjectEntries>(entries: TEntries) {
  const schema = v.looseObject(entries);
  const absent = Object.fromEntries(Object.keys(entries).map((key) => [key, undefined]));
  return lenient((value) => v.parse(schema, { ...absent, ...(isRecord(value) ? value : {}) }));
}

/** An array whose unreadable items are dropped rather than failing the whole page. */
export function lenientArray<TItem extends v.GenericSchema>(item: TItem) {
  return lenient((value) =>
    (Array.isArray(value) ? value : []).flatMap((entry) => {
      const result = v.safeParse(item, entry);
      return result.success ? [result.output as v.InferOutput<TItem>] : [];
    }),
  );
}
