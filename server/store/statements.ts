import { CompiledQuery, PostgresAdapter, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

const numbered = new Map<string, string>();

/** `?` to PostgreSQL's `$1, $2…`, once per text. The texts here hold no `?` of their own. */
function numberedPlaceholders(text: string): string {
  let converted = numbered.get(text);
  if (converted === undefined) {
    let index = 0;
    converted = text.replace(/\?/g, () => `$${++index}`);
    numbered.set(text, converted);
  }
  return converted;
}

/**
 * A statement of a paid call's path, run as SQL text both databases read, without the query builder:
 * profiled under load, building and compiling these few statements cost as much CPU as running them.
 * On SQLite the driver's statement cache keeps each text prepared.
 */
export async function query<Row>(db: Kysely<Database>, text: string, params: readonly unknown[] = []) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const result = await db.executeQuery<Row>(
    CompiledQuery.raw(postgres ? numberedPlaceholders(text) : text, [...params]),
  );
  return { rows: result.rows, changed: Number(result.numAffectedRows ?? 0) };
}

/** `?, ?, ?` for a list of `count` values, or `(?, ?), (?, ?)` for rows with `each` = `(?, ?)`. */
export const placeholders = (count: number, each = '?') => Array.from({ length: count }, () => each).join(', ');
