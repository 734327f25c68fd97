import { sql } from 'kysely';
import type { Db } from '../store/open.ts';
import { extractPage } from './extract.ts';
import { IndexFailures, pageAtFault, type IndexFailuresOptions } from './index-failures.ts';
import { insertRows } from './insert-rows.ts';
import { timeOrderedIds } from './post-ids.ts';
import { withSearchTables, type ArchivePostTable, type SearchDb } from './tables.ts';

// Small batches: on SQLite the store has one writer, and a purchase waits for each batch's transaction (on the
// event loop, blocked, when the indexer runs on its own thread).
const BATCH = 3;
const MAX_KEYS = 500;
// Its own lock, not the budget's: indexing never holds up a purchase on PostgreSQL.
const INDEX_LOCK = 7_310_418;
/** Every column of archive_posts, in the order the indexer writes them. */
const POST_COLUMNS = [
  'id',
  'page_key',
  'purchase_id',
  'bought_at',
  'operation',
  'subject',
  'position',
  'kind',
  'post_id',
  'author',
  'shown_author',
  'created_at',
  'text',
  'extra',
  'hashtags',
  'mentions',
  'domains',
  'has_media',
] as const satisfies readonly (keyof ArchivePostTable)[];
// A column the table gains and the list lacks fails the typecheck here.
const EVERY_POST_COLUMN: Record<Exclude<keyof ArchivePostTable, (typeof POST_COLUMNS)[number]>, never> = {};
void EVERY_POST_COLUMN;

/**
 * Archived pages whose purchase is not the one indexed. A purchase buys one page, so its id alone says it; read
 * from archive_purchase_id alone: the archive's rows hold each answer before the purchase id, and reading
 * that column from every row read every answer (10,000 pages: half a gigabyte) for one comparison.
 */
function unindexed(kysely: SearchDb) {
  return kysely
    .selectFrom('archive')
    .where('purchase_id', 'not in', (eb) => eb.selectFrom('archive_indexed').select('purchase_id'));
}

/** How many bought pages a find cannot see yet: archived, and not (or not in their latest purchase) indexed. */
export async function unindexedPages(db: Db): Promise<number> {
  const row = await unindexed(withSearchTables(db.kysely))
    .select((eb) => eb.fn.countAll().as('pages'))
    .executeTakeFirst();
  return Number(row?.pages ?? 0);
}

/** An archived page read for indexing, and its rows. */
interface Parsed {
  page: { page_key: string; purchase_id: string; bought_at: string; operation: string; subject: string };
  rows: ReturnType<typeof extractPage>;
}

/**
 * Brings archive_posts up to the archive, outside the purchase path: it reads archive rows whose purchase is
 * not yet indexed (new pages, and pages bought again, whose row was replaced) and writes each page's posts in
 * place of the old ones. Any process may run it at any time; one catch-up at a time per process.
 *
 * After a purchase only the pages this process has just archived are indexed (`soon(pageKeys)`): comparing the
 * whole archive with the index grew with every page ever bought, and ran every 250 ms under load. What other
 * processes archived, or what a crash left unindexed, the full comparison finds before any search reads
 * the index (`catchUp()`).
 */
export class PostIndexer {
  private readonly kysely: SearchDb;
  private running: Promise<number> | null = null;
  /** One catch-up at a time: a full one and one of the pages just bought never interleave their batches. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Pages this process archived since its last catch-up, by page key. */
  private readonly bought = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  /** The archive's latest purchase time and page count when this process last caught up with it. */
  private seen = '';
  private readonly failures: IndexFailures;

  constructor(
    private readonly db: Db,
    failures: IndexFailuresOptions = {},
  ) {
    this.kysely = withSearchTables(db.kysely);
    this.failures = new IndexFailures(failures);
  }

  /** Indexes everything not yet indexed; resolves with how many pages it indexed. Joins a catch-up under way. */
  catchUp(): Promise<number> {
    this.running ??= this.exclusive(() => this.drain()).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** After pages are archived: they are indexed a moment later, so search is ready before anyone asks. */
  soon(pageKeys: Iterable<string>, delayMs = 250) {
    for (const key of pageKeys) this.bought.add(key);
    if (this.timer || this.bought.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      const keys = [...this.bought];
      this.bought.clear();
      // Bounded lists: a backlog never goes past either database's limit of bound parameters. A failure is
      // said by IndexFailures; its pages stay for the next catch-up.
      for (let start = 0; start < keys.length; start += MAX_KEYS)
        void this.exclusive(() => this.index(keys.slice(start, start + MAX_KEYS))).catch(() => undefined);
    }, delayMs);
    this.timer.unref();
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const turn = this.queue.then(work, work);
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    return this.queue;
  }

  private async drain(): Promise<number> {
    // Nothing bought since the last catch-up: one indexed look at the archive instead of comparing every page.
    const marker = await this.kysely
      .selectFrom('archive')
      .select((eb) => [eb.fn.max('bought_at').as('latest'), eb.fn.countAll().as('pages')])
      .executeTakeFirst();
    const seen = `${String(marker?.latest)}|${String(marker?.pages)}`;
    if (seen === this.seen) return 0;
    const indexed = await this.index(null);
    // A page the store refused is looked for again at its next try.
    this.seen = this.failures.retrying ? '' : seen;
    return indexed;
  }

  /** Indexes the pages among `among` (null: the whole archive) whose archived purchase is not the one indexed. */
  private async index(among: string[] | null): Promise<number> {
    if (among?.length === 0) return 0;
    const stale = await (
      among
        ? this.kysely
            .selectFrom('archive')
            .leftJoin('archive_indexed', (join) =>
              join
                .onRef('archive_indexed.page_key', '=', 'archive.page_key')
                .onRef('archive_indexed.purchase_id', '=', 'archive.purchase_id'),
            )
            .where('archive_indexed.page_key', 'is', null)
            .where('archive.page_key', 'in', among)
            .select(['archive.page_key', 'archive.purchase_id'])
        : unindexed(this.kysely).select(['page_key', 'purchase_id'])
    )
      .execute()
      .then((rows) => rows.filter((row) => !this.failures.waiting(row.page_key, row.purchase_id)));
    let indexed = 0;
    for (let start = 0; start < stale.length; start += BATCH) {
      const keys = stale.slice(start, start + BATCH).map((row) => row.page_key);
      const pages = await this.kysely
        .selectFrom('archive')
        .select(['page_key', 'purchase_id', 'bought_at', 'operation', 'subject', 'body'])
        .where('page_key', 'in', keys)
        .execute();
      // Parsed before the transaction: the store's write lock is held for the writes alone.
      const parsed = pages.map((page) => ({ page, rows: extractPage(page.operation, page.body, page.bought_at) }));
      // The batch's pages in four statements, whatever their number: per-page statements (each built by the
      // query builder) cost the indexer thread more than the rows they wrote.
      const writeBatch = (parsed: Parsed[]) => async (trx: SearchDb) => {
        if (parsed.length === 0) return;
        const pageKeys = parsed.map(({ page }) => page.page_key);
        await trx
          .deleteFrom('archive_post_items')
          .where('id', 'in', (eb) => eb.selectFrom('archive_posts').select('id').where('page_key', 'in', pageKeys))
          .execute();
        await trx.deleteFrom('archive_posts').where('page_key', 'in', pageKeys).execute();
        const ids = await timeOrderedIds(
          trx,
          parsed.flatMap(({ rows }) => rows.map((row) => row.created_at)),
        );
        let next = 0;
        // Each post's own upstream JSON goes beside it (archive_post_items), so a find draws its cards from it.
        const items: { id: number; item: string }[] = [];
        const values = parsed.flatMap(({ page, rows }) =>
          rows.map(({ item, ...row }) => {
            const id = ids[next++]!;
            items.push({ id, item });
            return {
              ...row,
              id,
              page_key: page.page_key,
              purchase_id: page.purchase_id,
              bought_at: page.bought_at,
              operation: page.operation,
              subject: page.subject,
            };
          }),
        );
        // 500 rows × 18 columns stays under SQLite's 32,766 bound parameters.
        for (let at = 0; at < values.length; at += 500) {
          await insertRows(trx, this.db.kind, 'archive_posts', POST_COLUMNS, values.slice(at, at + 500));
          await insertRows(trx, this.db.kind, 'archive_post_items', ['id', 'item'], items.slice(at, at + 500));
        }
        await trx
          .insertInto('archive_indexed')
          .values(parsed.map(({ page }) => ({ page_key: page.page_key, purchase_id: page.purchase_id })))
          .onConflict((conflict) =>
            conflict.column('page_key').doUpdateSet((eb) => ({ purchase_id: eb.ref('excluded.purchase_id') })),
          )
          .execute();
      };
      indexed += await this.writeOrSplit(parsed, (some) => this.write(writeBatch(some)));
    }
    return indexed;
  }

  /**
   * Writes a batch's pages; if the store refuses a page's own rows, each page on its own, and the one refused
   * is set aside (IndexFailures) while the others are written. Resolves with how many pages were written.
   */
  private async writeOrSplit(parsed: Parsed[], writePages: (parsed: Parsed[]) => Promise<void>): Promise<number> {
    try {
      await writePages(parsed);
      for (const { page } of parsed) this.failures.written(page.page_key);
      return parsed.length;
    } catch (error) {
      if (!pageAtFault(error)) {
        this.failures.storeFailed(error);
        throw error;
      }
      if (parsed.length === 1) {
        this.failures.pageRefused(parsed[0]!.page.page_key, parsed[0]!.page.purchase_id, error);
        return 0;
      }
    }
    let written = 0;
    for (const one of parsed) written += await this.writeOrSplit([one], writePages);
    return written;
  }

  /** SQLite: one writer anyway (BEGIN IMMEDIATE, so two processes never interleave a page). PostgreSQL: an advisory lock of its own. */
  private write(work: (trx: SearchDb) => Promise<void>): Promise<void> {
    if (this.db.kind === 'sqlite') return this.db.transact((trx) => work(withSearchTables(trx)));
    return this.db.kysely.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${INDEX_LOCK})`.execute(trx);
      await work(withSearchTables(trx));
    });
  }
}
