import { CompiledQuery } from 'kysely';
import type { SearchDb } from './tables.ts';

/**
 * `insert into <table> (<columns>) values (…), (…)` as SQL text with bound parameters, without the query
 * builder: Kysely builds an operation node per value and visits each to compile, and for the indexer's 60
 * rows × 19 columns a batch that cost more of its thread than the statement's run. The table and column
 * names are the indexer's own constants, never input.
 */
export function insertRows<Row extends object>(
  trx: SearchDb,
  kind: 'sqlite' | 'postgres',
  table: string,
  columns: readonly (keyof Row & string)[],
  rows: readonly Row[],
) {
  const parameters: unknown[] = [];
  const tuples = rows.map((row) => {
    const slots = columns.map((column) => {
      parameters.push(row[column]);
      return kind === 'postgres' ? `$${parameters.length}` : '?';
    });
    return `(${slots.join(', ')})`;
  });
  const names = columns.map((column) => `"${column}"`).join(', ');
  return trx.executeQuery(CompiledQuery.raw(`insert into ${table} (${names}) values ${tuples.join(', ')}`, parameters));
}
