import Big from 'big.js';
import type { AliasableExpression, ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import type { SpendBreakdown, SpendDimension, SpendGroup } from '../../../src/contract/spend.ts';
import type { Db } from '../open.ts';
import type { Database } from '../schema.ts';
import { REST_ID_SUBJECT } from '../spend/subject.ts';

type Row = ExpressionBuilder<Database, 'purchases'>;

/**
 * How each dimension groups a ledger row, as one SQL expression; null where it does not apply (a search has no
 * handle, a browser's call no job), so the groups always add up to the whole. A new dimension is one more entry.
 */
const GROUP_KEY: Record<SpendDimension, (eb: Row) => AliasableExpression<string | null>> = {
  handle: (eb) => eb.case().when('operation', '=', 'timeline').then(eb.ref('subject')).else(null).end(),
  query: (eb) => eb.case().when('operation', '=', 'search').then(eb.ref('subject')).else(null).end(),
  // `at` is ISO-8601 UTC text: its first ten characters are the UTC day.
  day: (eb) => eb.fn<string>('substr', [eb.ref('at'), eb.lit(1), eb.lit(10)]),
  job: (eb) => eb.ref('job_id'),
  person: (eb) => eb.ref('person'),
  watch: (eb) => eb.ref('watch_id'),
};

/** The rows asked for: [from, to) as ISO instants, and one session or all. */
export interface SpendRange {
  from: string | null;
  to: string | null;
  sessionId: string | null;
  /** Only this person's rows (a member asking: they see their own spend); null: everyone's. */
  person?: string | null;
}

interface Sum {
  calls: number;
  failedFree: number;
  credits: Big;
  unknownCalls: number;
  unknownCredits: Big;
  lastAt: string;
}

const empty = (): Sum => ({
  calls: 0,
  failedFree: 0,
  credits: new Big(0),
  unknownCalls: 0,
  unknownCredits: new Big(0),
  lastAt: '',
});

/**
 * Where the credits went: the ledger's settled rows (and its unknown outcomes) in a period, grouped by one
 * dimension. The database groups by (key, price, state): a few rows per group whatever the ledger's size, since
 * an operation has few prices; their exact decimal sums are made here with big.js, so they add up to the
 * ledger's total to the last decimal on either database.
 */
export class SpendReads {
  constructor(private readonly db: Db) {}

  async breakdown(by: SpendDimension, range: SpendRange): Promise<Omit<SpendBreakdown, 'from' | 'to'>> {
    const parts = await this.within(
      this.db.kysely
        .selectFrom('purchases')
        .select((eb) => [
          GROUP_KEY[by](eb).as('group_key'),
          'credits',
          'state',
          'charged',
          eb.fn.countAll<number | string>().as('rows'),
          eb.fn.max('at').as('last_at'),
        ])
        .where('state', '!=', 'pending'),
      range,
    )
      .groupBy(['group_key', 'credits', 'state', 'charged'])
      .execute();
    const inFlight = await this.within(
      this.db.kysely
        .selectFrom('purchases')
        .select((eb) => eb.fn.countAll<number | string>().as('rows'))
        .where('state', '=', 'pending'),
      range,
    ).executeTakeFirst();

    const sums = new Map<string | null, Sum>();
    const handles = by === 'handle' ? await this.handlesOf(parts.map((part) => part.group_key)) : new Map();
    for (const part of parts) {
      const key = handles.get(part.group_key) ?? part.group_key;
      const sum = sums.get(key) ?? empty();
      sums.set(key, sum);
      const rows = Number(part.rows);
      const credits = new Big(part.credits).times(rows);
      sum.credits = sum.credits.plus(credits);
      if (part.charged === 'no') sum.failedFree += rows;
      else sum.calls += rows;
      if (part.state === 'unknown' || part.state === 'cleared') {
        sum.unknownCalls += rows;
        sum.unknownCredits = sum.unknownCredits.plus(credits);
      }
      if (part.last_at > sum.lastAt) sum.lastAt = part.last_at;
    }
    const groups: SpendGroup[] = [...sums].map(([key, sum]) => ({
      key,
      calls: sum.calls,
      failedFree: sum.failedFree,
      credits: sum.credits.toFixed(),
      unknownCalls: sum.unknownCalls,
      unknownCredits: sum.unknownCredits.toFixed(),
      lastAt: sum.lastAt,
    }));
    // Most credits first; on a tie the named groups before the rest, then by name.
    groups.sort(
      (a, b) =>
        new Big(b.credits).cmp(a.credits) ||
        Number(a.key === null) - Number(b.key === null) ||
        (a.key ?? '').localeCompare(b.key ?? ''),
    );
    const all = [...sums.values()];
    return {
      by,
      session: range.sessionId,
      total: all.reduce((total, sum) => total.plus(sum.credits), new Big(0)).toFixed(),
      calls: all.reduce((calls, sum) => calls + sum.calls, 0),
      unknownCalls: all.reduce((calls, sum) => calls + sum.unknownCalls, 0),
      unknownCredits: all.reduce((total, sum) => total.plus(sum.unknownCredits), new Big(0)).toFixed(),
      inFlight: Number(inFlight?.rows ?? 0),
      groups,
    };
  }

  private within<O>(query: SelectQueryBuilder<Database, 'purchases', O>, range: SpendRange) {
    let narrowed = query;
    if (range.from !== null) narrowed = narrowed.where('at', '>=', range.from);
    if (range.to !== null) narrowed = narrowed.where('at', '<', range.to);
    if (range.sessionId !== null) narrowed = narrowed.where('session_id', '=', range.sessionId);
    if (range.person) narrowed = narrowed.where('person', '=', range.person);
    return narrowed;
  }

  /** A timeline asked for by user id is named by its handle once an answer has told us it (the accounts table). */
  private async handlesOf(keys: (string | null)[]): Promise<Map<string | null, string>> {
    const ids = [...new Set(keys.filter((key) => key?.startsWith(REST_ID_SUBJECT)))].map((key) => key!.slice(1));
    if (ids.length === 0) return new Map();
    const rows = await this.db.kysely
      .selectFrom('accounts')
      .select(['rest_id', 'handle'])
      .where('rest_id', 'in', ids)
      .execute();
    return new Map(rows.map((row) => [`${REST_ID_SUBJECT}${row.rest_id}`, row.handle.toLowerCase()]));
  }
}
