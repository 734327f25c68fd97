import type { Selectable } from 'kysely';
import { purchaseKey } from '../../src/contract/index.ts';
import type { Operation } from '../ledger/rows.ts';
import type { Db } from './open.ts';
import { postDatesOf, type PostDates } from './page-dates.ts';
import type { ArchiveTable } from './schema.ts';

export type ArchivedPage = Selectable<ArchiveTable>;
/** A page as a purchase names it: its operation, canonical params and purchase key. */
export interface PageAsked {
  operation: Operation;
  params: Record<string, unknown>;
  key: string;
}
export interface HistoryEntry {
  pageKey: string;
  operation: string;
  subject: string;
  params: Record<string, unknown>;
  boughtAt: string;
  credits: string;
  purchaseId: string;
  /** Who bought it (null: nobody signed in). */
  person: string | null;
  /** A timeline page's oldest and newest post (null when it holds none). */
  posts?: PostDates | null;
}
export interface HistorySubject {
  operation: string;
  subject: string;
  pages: number;
  credits: string;
  lastBoughtAt: string;
}

/** A first page of a timeline, or any search page: what the latest answer can differ from. */
export function expires(operation: string, params: Record<string, unknown>): boolean {
  return operation === 'search' || params.cursor === undefined;
}

const entryOf = (row: Omit<ArchivedPage, 'body'>): HistoryEntry => ({
  pageKey: row.page_key,
  operation: row.operation,
  subject: row.subject,
  params: JSON.parse(row.params) as Record<string, unknown>,
  boughtAt: row.bought_at,
  credits: row.credits,
  purchaseId: row.purchase_id,
  person: row.person,
});

/** Every answer bought through this store, served again free to anyone. */
export class ArchiveStore {
  constructor(
    private readonly db: Db,
    readonly freshForMs: number,
  ) {}

  /**
   * Whether a page is free: the archived answer that stands in for buying it now, or null to buy. The one
   * place this is decided: the purchaser (server/purchase/purchase.ts), the price look-up
   * (`/api/_history/lookup`), a server-rendered page and a job's quote and pages all ask it. A first page or a
   * search stands in only while fresh (`freshForMs`); a later page of a timeline never changes.
   */
  async freeCopy(page: PageAsked, now = Date.now()): Promise<ArchivedPage | null> {
    const { key, operation, params } = await this.samePage(page);
    const archived = await this.db.kysely
      .selectFrom('archive')
      .selectAll()
      .where('page_key', '=', key)
      .executeTakeFirst();
    return archived && this.standsIn(archived.bought_at, operation, params, now) ? archived : null;
  }

  /**
   * `freeCopy`'s answer without reading the answer's bytes (a page's JSON, tens of KB): when the copy that stands
   * in for buying the page was bought, or null to buy. What a price needs.
   */
  async freeCopyBoughtAt(page: PageAsked, now = Date.now()): Promise<string | null> {
    const { key, operation, params } = await this.samePage(page);
    const archived = await this.db.kysely
      .selectFrom('archive')
      .select('bought_at')
      .where('page_key', '=', key)
      .executeTakeFirst();
    return archived && this.standsIn(archived.bought_at, operation, params, now) ? archived.bought_at : null;
  }

  private standsIn(boughtAt: string, operation: string, params: Record<string, unknown>, now: number): boolean {
    const until = this.freeUntil(boughtAt, operation, params);
    return until === null || now < Date.parse(until);
  }

  /**
   * Until when an archived copy stands in for buying its page: `freshForMs` after it was bought for a first
   * page or a search, never ending (null) for a later page of a timeline. The price look-up hands this to the
   * browser, so a price left on screen turns from "free" to the price when the server would buy again.
   */
  freeUntil(boughtAt: string, operation: string, params: Record<string, unknown>): string | null {
    if (!expires(operation, params)) return null;
    return new Date(Date.parse(boughtAt) + this.freshForMs).toISOString();
  }

  /**
   * The page as the archive files it: a timeline asked for by rest_id is its handle's page once an answer has
   * told us both and the handle's page is archived. A rest_id page bought before its handle was known stays
   * its own, free the next time too.
   */
  async samePage(page: PageAsked): Promise<PageAsked> {
    const restId = page.params.rest_id;
    if (page.operation !== 'timeline' || typeof restId !== 'string') return page;
    const handle = await this.handleOf(restId);
    if (!handle) return page;
    const { rest_id: _restId, ...rest } = page.params;
    const params = { ...rest, screen_name: handle };
    const key = purchaseKey('timeline', params);
    if ((await this.purchaseOf(key)) === null) return page;
    return { ...page, params, key };
  }

  /** Which purchase the archived answer for a page came from, or null when there is none. */
  async purchaseOf(pageKey: string): Promise<string | null> {
    const row = await this.db.kysely
      .selectFrom('archive')
      .select('purchase_id')
      .where('page_key', '=', pageKey)
      .executeTakeFirst();
    return row?.purchase_id ?? null;
  }

  /** The answer a purchase bought, while the archive still holds it: a later purchase of the same page replaces it. */
  async bodyOfPurchase(purchaseId: string): Promise<string | null> {
    return (
      (
        await this.db.kysely
          .selectFrom('archive')
          .select('body')
          .where('purchase_id', '=', purchaseId)
          .executeTakeFirst()
      )?.body ?? null
    );
  }

  /** The newest archived answers about a subject, any age: what a quote estimates from (server/jobs/likely.ts). */
  async recentBodies(operation: string, subject: string, limit: number): Promise<string[]> {
    const rows = await this.db.kysely
      .selectFrom('archive')
      .select('body')
      .where('operation', '=', operation)
      .where('subject', '=', subject)
      .orderBy('bought_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.body);
  }

  async handleOf(restId: string): Promise<string | null> {
    const row = await this.db.kysely
      .selectFrom('accounts')
      .select('handle')
      .where('rest_id', '=', restId)
      .executeTakeFirst();
    return row?.handle ?? null;
  }

  async isPending(purchaseId: string): Promise<boolean> {
    const row = await this.db.kysely
      .selectFrom('purchases')
      .select('state')
      .where('id', '=', purchaseId)
      .executeTakeFirst();
    return row?.state === 'pending';
  }

  /** Newest first, `before` is the bought_at of the last entry shown (ties broken by page key). */
  async history(options: {
    operation?: string;
    subject?: string;
    before?: { boughtAt: string; pageKey: string };
    limit: number;
  }) {
    let query = this.db.kysely
      .selectFrom('archive')
      .select(['page_key', 'operation', 'subject', 'params', 'body', 'bought_at', 'credits', 'purchase_id', 'person']);
    if (options.operation) query = query.where('operation', '=', options.operation);
    if (options.subject) query = query.where('subject', '=', options.subject);
    const before = options.before;
    if (before)
      query = query.where((eb) =>
        eb.or([
          eb('bought_at', '<', before.boughtAt),
          eb.and([eb('bought_at', '=', before.boughtAt), eb('page_key', '<', before.pageKey)]),
        ]),
      );
    const rows = await query
      .orderBy('bought_at', 'desc')
      .orderBy('page_key', 'desc')
      .limit(options.limit + 1)
      .execute();
    // A timeline's page says which stretch of posts it holds: its rows are otherwise alike ("@ada · a later page").
    const entries = rows.slice(0, options.limit).map(({ body, ...row }) => ({
      ...entryOf(row),
      ...(row.operation === 'timeline' ? { posts: postDatesOf(body) } : {}),
    }));
    const last = entries[entries.length - 1];
    return {
      entries,
      next: rows.length > options.limit && last ? { boughtAt: last.boughtAt, pageKey: last.pageKey } : null,
    };
  }

  /** Who and what was bought, with page counts: the history page's overview. */
  async subjects(limit = 200): Promise<HistorySubject[]> {
    const rows = await this.db.kysely
      .selectFrom('archive')
      .select((eb) => [
        'operation',
        'subject',
        eb.fn.countAll<number>().as('pages'),
        eb.fn.max('bought_at').as('last_bought_at'),
      ])
      .groupBy(['operation', 'subject'])
      .orderBy('last_bought_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      operation: row.operation,
      subject: row.subject,
      pages: Number(row.pages),
      credits: '',
      lastBoughtAt: String(row.last_bought_at),
    }));
  }

  /** Every archived answer bought in [from, to), oldest first, in batches: an export never holds the archive in memory. */
  async *pagesBetween(from: string, to: string, batch = 200): AsyncGenerator<ArchivedPage> {
    let after = { boughtAt: '', pageKey: '' };
    for (;;) {
      const rows = await this.db.kysely
        .selectFrom('archive')
        .selectAll()
        .where('bought_at', '>=', from)
        .where('bought_at', '<', to)
        .where((eb) =>
          eb.or([
            eb('bought_at', '>', after.boughtAt),
            eb.and([eb('bought_at', '=', after.boughtAt), eb('page_key', '>', after.pageKey)]),
          ]),
        )
        .orderBy('bought_at')
        .orderBy('page_key')
        .limit(batch)
        .execute();
      yield* rows;
      if (rows.length < batch) return;
      const last = rows[rows.length - 1]!;
      after = { boughtAt: last.bought_at, pageKey: last.page_key };
    }
  }
}
