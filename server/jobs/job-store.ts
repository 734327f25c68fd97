import Big from 'big.js';
import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Role } from '../../src/contract/person.ts';
import { processGone } from '../store/owner.ts';
import type { Db } from '../store/open.ts';
import type {
  Database,
  JobItemStatus,
  JobItemTable,
  JobPageTable,
  JobStatus,
  JobStopReason,
  JobTable,
} from '../store/schema.ts';
import { fromNano, toNano } from '../store/totals.ts';
import type { JobSpec, PlannedItem } from './spec.ts';
import type { PaidOperation } from '../../src/contract/operations.ts';

export type JobRow = Selectable<JobTable>;
export type ItemRow = Selectable<JobItemTable>;

/** The stored spec (written by `create` from a checked one); null if a row holds something else. */
function specOf(stored: string): JobSpec | null {
  try {
    const spec = JSON.parse(stored) as JobSpec;
    return Array.isArray(spec?.handles) && Array.isArray(spec.searches) ? spec : null;
  } catch {
    return null;
  }
}

export interface JobSummary {
  id: string;
  createdAt: string;
  status: JobStatus;
  stopReason: JobStopReason | null;
  stopMessage: string | null;
  quoteMaxCredits: string;
  spent: string;
  pagesDone: number;
  pagesPlanned: number;
  postsDone: number;
  pagesFromArchive: number;
  concurrency: number;
  /**
   * Paused, cancelled or stopped, while a process still holds it: calls in flight may yet add pages and
   * credits. The browser keeps reading it until this is false, so what it shows is what the store ends with.
   */
  settling: boolean;
  /** What the job was asked to collect: names the job, and runs it again. */
  spec: JobSpec | null;
  /** Who created it (#28): its purchases are theirs, and it is theirs to read and control (#38); null: nobody signs in. */
  person: string | null;
}
export interface JobItem {
  position: number;
  kind: PaidOperation;
  subject: string;
  status: JobItemStatus;
  pagesDone: number;
  pagesPlanned: number;
  posts: number;
  credits: string;
  error: string | null;
}

const itemOf = (row: ItemRow): JobItem => ({
  position: row.position,
  kind: row.kind,
  subject: row.subject,
  status: row.status,
  pagesDone: row.pages_done,
  pagesPlanned: row.pages_planned,
  posts: row.posts,
  credits: row.credits,
  error: row.error,
});

const EPOCH = new Date(0).toISOString();

/** Why a removed person's job stopped: nothing more is bought under a name nobody answers for. */
export const CREATOR_REMOVED = (name: string) =>
  `Stopped: ${name}, who started this job, was removed; nothing more is bought for it. What it obtained stays in the archive and in the export.`;

/**
 * Stops every job `name` started that could still buy (running or paused), with its items, in the caller's
 * transaction (the one that removes them): a process running one sees it before its next page.
 */
export async function stopJobsOf(trx: Kysely<Database>, name: string) {
  const jobs = await trx
    .selectFrom('jobs')
    .select('id')
    .where('person', '=', name)
    .where('status', 'in', ['running', 'paused'])
    .execute();
  if (jobs.length === 0) return;
  const ids = jobs.map((job) => job.id);
  await trx
    .updateTable('jobs')
    .set({ status: 'stopped', stop_reason: 'creator-removed', stop_message: CREATOR_REMOVED(name) })
    .where('id', 'in', ids)
    .execute();
  await trx
    .updateTable('job_items')
    .set({ status: 'stopped', error: 'creator-removed' })
    .where('job_id', 'in', ids)
    .where('status', 'in', ['queued', 'running'])
    .execute();
}

/** Jobs, their items and the pages they obtained, in the store every process shares. */
export class JobStore {
  constructor(readonly db: Db) {}

  /** `person`: who created it (#28); its purchases are theirs, under their limit. */
  async create(
    spec: JobSpec,
    quoteMaxCredits: string,
    items: PlannedItem[],
    person: string | null = null,
  ): Promise<string> {
    const id = randomUUID();
    await this.db.transact(async (trx) => {
      await trx
        .insertInto('jobs')
        .values({
          id,
          created_at: new Date().toISOString(),
          status: 'running',
          stop_reason: null,
          stop_message: null,
          spec: JSON.stringify(spec),
          quote_max_credits: quoteMaxCredits,
          spent_nano: 0,
          concurrency: spec.concurrency,
          owner: null,
          lease_until: EPOCH,
          person,
        })
        .execute();
      const rows: Insertable<JobItemTable>[] = items.map((item) => ({
        job_id: id,
        position: item.position,
        kind: item.kind,
        subject: item.subject,
        status: 'queued',
        pages_done: 0,
        pages_planned: item.maxPages,
        posts: 0,
        credits: '0',
        pages_from_archive: 0,
        error: null,
        cursor: null,
        pending_key: null,
        pending_since: null,
      }));
      for (let start = 0; start < rows.length; start += 100)
        await trx
          .insertInto('job_items')
          .values(rows.slice(start, start + 100))
          .execute();
    });
    return id;
  }

  private async summaries(rows: JobRow[]): Promise<JobSummary[]> {
    if (rows.length === 0) return [];
    const sums = await this.db.kysely
      .selectFrom('job_items')
      .where(
        'job_id',
        'in',
        rows.map((row) => row.id),
      )
      .groupBy('job_id')
      .select((eb) => [
        'job_id',
        eb.fn.sum<number>('pages_done').as('done'),
        eb.fn.sum<number>('pages_planned').as('planned'),
        eb.fn.sum<number>('posts').as('posts'),
        eb.fn.sum<number>('pages_from_archive').as('archived'),
      ])
      .execute();
    const byJob = new Map(sums.map((sum) => [sum.job_id, sum]));
    const now = new Date().toISOString();
    return rows.map((row) => {
      const sum = byJob.get(row.id);
      return {
        id: row.id,
        createdAt: row.created_at,
        status: row.status,
        stopReason: row.stop_reason,
        stopMessage: row.stop_message,
        quoteMaxCredits: row.quote_max_credits,
        spent: fromNano(row.spent_nano),
        pagesDone: Number(sum?.done ?? 0),
        pagesPlanned: Number(sum?.planned ?? 0),
        postsDone: Number(sum?.posts ?? 0),
        pagesFromArchive: Number(sum?.archived ?? 0),
        concurrency: row.concurrency,
        settling: row.status !== 'running' && row.owner !== null && row.lease_until > now,
        spec: specOf(row.spec),
        person: row.person,
      };
    });
  }

  /** The newest jobs; only `person`'s when given. */
  async list(limit = 100, person: string | null = null): Promise<JobSummary[]> {
    let query = this.db.kysely.selectFrom('jobs').selectAll();
    if (person !== null) query = query.where('person', '=', person);
    return this.summaries(await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute());
  }

  async get(id: string): Promise<{ job: JobSummary; items: JobItem[] } | null> {
    const row = await this.row(id);
    if (!row) return null;
    const [job] = await this.summaries([row]);
    return { job: job!, items: (await this.items(id)).map(itemOf) };
  }

  row(id: string): Promise<JobRow | undefined> {
    return this.db.kysely.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  items(id: string): Promise<ItemRow[]> {
    return this.db.kysely.selectFrom('job_items').selectAll().where('job_id', '=', id).orderBy('position').execute();
  }

  /** The role of a job's creator now, or null if they were removed (their jobs buy nothing more). */
  async creatorRole(name: string): Promise<Role | null> {
    const row = await this.db.kysely
      .selectFrom('people')
      .select('role')
      .where('name', '=', name)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    return row?.role ?? null;
  }

  async status(id: string): Promise<JobStatus | null> {
    return (
      (await this.db.kysely.selectFrom('jobs').select('status').where('id', '=', id).executeTakeFirst())?.status ?? null
    );
  }

  /** Running jobs no live process holds: never claimed, released, their lease run out, or their owner on this host gone. */
  async claimable(owner: string, now = new Date().toISOString()): Promise<JobRow[]> {
    const running = await this.db.kysely
      .selectFrom('jobs')
      .selectAll()
      .where('status', '=', 'running')
      .orderBy('created_at')
      .execute();
    return running.filter(
      (row) => row.owner !== owner && (row.owner === null || row.lease_until <= now || processGone(row.owner)),
    );
  }

  /** Takes a job over from exactly the holder it was read with: of two processes claiming at once, one wins. */
  async claim(row: JobRow, owner: string, leaseMs: number): Promise<boolean> {
    let update = this.db.kysely
      .updateTable('jobs')
      .set({ owner, lease_until: new Date(Date.now() + leaseMs).toISOString() })
      .where('id', '=', row.id)
      .where('status', '=', 'running')
      .where('lease_until', '=', row.lease_until);
    update = row.owner === null ? update.where('owner', 'is', null) : update.where('owner', '=', row.owner);
    return Number((await update.executeTakeFirst()).numUpdatedRows) === 1;
  }

  async renew(id: string, owner: string, leaseMs: number): Promise<boolean> {
    const result = await this.db.kysely
      .updateTable('jobs')
      .set({ lease_until: new Date(Date.now() + leaseMs).toISOString() })
      .where('id', '=', id)
      .where('owner', '=', owner)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async release(id: string, owner: string) {
    await this.db.kysely
      .updateTable('jobs')
      .set({ owner: null, lease_until: EPOCH })
      .where('id', '=', id)
      .where('owner', '=', owner)
      .execute();
  }

  /**
   * Moves a job from one of `from` to `to`, and its items in `items.from` with it, in one transaction (a
   * reader never sees a stopped job with items still running); false when someone else moved the job first.
   */
  async transition(
    id: string,
    from: JobStatus[],
    to: JobStatus,
    reason: JobStopReason | null = null,
    message: string | null = null,
    items?: { from: JobItemStatus[]; set: Updateable<JobItemTable> },
  ): Promise<boolean> {
    return this.db.transact(async (trx) => {
      const result = await trx
        .updateTable('jobs')
        .set({ status: to, stop_reason: reason, stop_message: message })
        .where('id', '=', id)
        .where('status', 'in', from)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      if (items)
        await trx
          .updateTable('job_items')
          .set(items.set)
          .where('job_id', '=', id)
          .where('status', 'in', items.from)
          .execute();
      return true;
    });
  }

  async setItems(id: string, from: JobItemStatus[], fields: Updateable<JobItemTable>) {
    await this.db.kysely
      .updateTable('job_items')
      .set(fields)
      .where('job_id', '=', id)
      .where('status', 'in', from)
      .execute();
  }

  async setItem(id: string, position: number, fields: Updateable<JobItemTable>) {
    await this.db.kysely
      .updateTable('job_items')
      .set(fields)
      .where('job_id', '=', id)
      .where('position', '=', position)
      .execute();
  }

  /** An item's progress and what it cost, with the page it obtained (if any), in one transaction. */
  async record(
    id: string,
    position: number,
    item: Updateable<JobItemTable>,
    credits: string,
    page: Omit<Insertable<JobPageTable>, 'job_id' | 'position' | 'at'> | null,
  ) {
    await this.db.transact(async (trx) => {
      if (page)
        await trx
          .insertInto('job_pages')
          .values({ ...page, job_id: id, position, at: new Date().toISOString() })
          .execute();
      await trx.updateTable('job_items').set(item).where('job_id', '=', id).where('position', '=', position).execute();
      const nano = toNano(credits);
      if (nano !== 0)
        await trx
          .updateTable('jobs')
          .set((eb) => ({ spent_nano: eb('spent_nano', '+', nano) }))
          .where('id', '=', id)
          .execute();
    });
  }

  /** Purchases of a page journalled since a moment: what an item was buying when its process stopped. */
  purchasesSince(pageKey: string, since: string) {
    return this.db.kysely
      .selectFrom('purchases')
      .select(['id', 'state', 'credits', 'ok', 'charged'])
      .where('page_key', '=', pageKey)
      .where('at', '>=', since)
      .orderBy('seq')
      .execute();
  }

  /** What a job's calls whose answers a stopped process lost count in its spend (booked "outcome unknown", recover.ts). */
  async lostCredits(id: string): Promise<string> {
    const rows = await this.db.kysely
      .selectFrom('purchases')
      .select('credits')
      .where('job_id', '=', id)
      .where('state', 'in', ['unknown', 'cleared'])
      .execute();
    return rows.reduce((sum, row) => sum.plus(row.credits), new Big(0)).toString();
  }

  /** A job's pages in order with their archived answers, a batch at a time: an export never holds the job in memory. */
  async *pages(id: string, batch = 50) {
    let after = { position: -1, index: -1 };
    for (;;) {
      const rows = await this.db.kysely
        .selectFrom('job_pages')
        .leftJoin('archive', 'archive.page_key', 'job_pages.page_key')
        .select([
          'job_pages.position',
          'job_pages.page_index',
          'job_pages.page_key',
          'job_pages.purchase_id',
          'job_pages.from_archive',
          'archive.body',
          'archive.purchase_id as archived_purchase_id',
        ])
        .where('job_pages.job_id', '=', id)
        .where((eb) =>
          eb.or([
            eb('job_pages.position', '>', after.position),
            eb.and([eb('job_pages.position', '=', after.position), eb('job_pages.page_index', '>', after.index)]),
          ]),
        )
        .orderBy('job_pages.position')
        .orderBy('job_pages.page_index')
        .limit(batch)
        .execute();
      yield* rows;
      if (rows.length < batch) return;
      const last = rows[rows.length - 1]!;
      after = { position: last.position, index: last.page_index };
    }
  }
}
