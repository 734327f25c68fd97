import Big from 'big.js';
import { readDecimalSetting } from '../../src/contract/decimal.ts';
import type { Watch, WatchQuote, WatchRun } from '../../src/contract/watches.ts';
import { CREDIT_LIMIT_MAX } from '../config-rules.ts';
import type { PurchaseServices } from '../purchase/purchase.ts';
import { draftOf, quoteOf, readDraft, STORED_TEXT, type WatchDefinition } from './draft.ts';
import { nextDue } from './schedule.ts';
import type { WatchScheduler } from './scheduler.ts';
import { runView, watchView } from './views.ts';
import type { NewWatchRow, WatchRow, WatchStore } from './watch-store.ts';
import type { WebhookStore } from './webhook-store.ts';

/** What the routes and the CLI act on: the same store, scheduler and purchaser. */
export interface WatchesContext {
  store: WatchStore;
  scheduler: WatchScheduler;
  services: PurchaseServices;
  /** Watches' webhooks and their deliveries (webhooks.ts), and whether one may point at a private address. */
  hooks: WebhookStore;
  allowPrivateWebhooks: boolean;
}

export type Checked<T> = T | { problems: string[] };

/** A definition as its row: next due time from now (none while paused). */
function rowOf(watch: WatchDefinition, owner: string | null, now = new Date()): NewWatchRow {
  const next = watch.paused ? null : nextDue(watch.schedule, watch.timeZone, now);
  return {
    owner,
    kind: watch.kind,
    name: watch.name,
    target: JSON.stringify(watch.target),
    schedule: JSON.stringify(watch.schedule),
    time_zone: watch.timeZone,
    cap_credits: watch.cap.credits,
    cap_per: watch.cap.per,
    match: JSON.stringify(watch.match),
    pages_per_run: watch.pagesPerRun,
    paused: watch.paused ? 1 : 0,
    next_due_at: next ? next.toISOString() : null,
  };
}

export async function viewOf(context: WatchesContext, row: WatchRow): Promise<Watch> {
  const last = await context.store.lastRuns([row.id]);
  return watchView(row, last.get(row.id), context.services.prices);
}

/** `owner` null: every watch (nobody signs in, or the CLI); else that person's own. */
export async function listWatches(context: WatchesContext, owner: string | null): Promise<Watch[]> {
  await context.services.prices.refresh();
  const rows = await context.store.list(owner);
  const last = await context.store.lastRuns(rows.map((row) => row.id));
  return rows.map((row) => watchView(row, last.get(row.id), context.services.prices));
}

/** A draft's quote, free: nothing stored, nothing bought. */
export async function quoteDraft(context: WatchesContext, body: unknown): Promise<Checked<{ quote: WatchQuote }>> {
  const read = readDraft(body);
  if ('problems' in read) return read;
  await context.services.prices.refresh();
  return { quote: quoteOf(read.watch, context.services.prices.ceiling(read.watch.kind)) };
}

export async function createWatch(
  context: WatchesContext,
  body: unknown,
  owner: string | null,
): Promise<Checked<{ watch: Watch }>> {
  const read = readDraft(body);
  if ('problems' in read) return read;
  await context.services.prices.refresh();
  const id = await context.store.create(rowOf(read.watch, owner));
  return { watch: await viewOf(context, (await context.store.get(id))!) };
}

/** A PATCH: its fields laid over the stored watch, checked whole; a new schedule or a resume counts from now. */
export async function patchWatch(
  context: WatchesContext,
  row: WatchRow,
  body: unknown,
): Promise<Checked<{ watch: Watch }>> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { problems: ['The body must be a JSON object with the fields to change, like {"paused":true}'] };
  const patch = body as Record<string, unknown>;
  if (patch.kind !== undefined && patch.kind !== row.kind)
    return { problems: [`kind cannot change (this watch is a ${row.kind} watch): delete it and create another`] };
  // The fields the PATCH sends are checked as sent; the others are as saved (a name from before control characters
  // were refused does not stop a pause).
  const read = readDraft(
    { ...draftOf(row), ...patch },
    { stored: STORED_TEXT.filter((field) => patch[field] === undefined) },
  );
  if ('problems' in read) return read;
  const { owner, ...fields } = rowOf(read.watch, row.owner);
  void owner;
  const sameTiming =
    fields.schedule === row.schedule && fields.time_zone === row.time_zone && fields.paused === row.paused;
  // Unchanged timing keeps its due time (a run not yet claimed stays due); a change is counted from now.
  await context.store.update(row.id, sameTiming ? { ...fields, next_due_at: row.next_due_at } : fields);
  await context.services.prices.refresh();
  return { watch: await viewOf(context, (await context.store.get(row.id))!) };
}

export type RunNowResult =
  { run: WatchRun; watch: Watch } | { changed: WatchQuote } | { busy: string } | { problems: string[] };

/**
 * Run now: priced first. The body names the per-run price the person was shown; a higher price now is
 * refused with the new quote (nothing bought); a run of this watch already going is refused too.
 */
export async function runNow(context: WatchesContext, row: WatchRow, body: unknown): Promise<RunNowResult> {
  const accepted = readDecimalSetting((body as Record<string, unknown> | null)?.acceptedPerRun, {
    name: 'acceptedPerRun',
    min: '0',
    max: String(CREDIT_LIMIT_MAX),
  });
  if ('problem' in accepted) return { problems: [`${accepted.problem} It is the quote's perRun you accept`] };
  await context.services.prices.refresh();
  const watch = watchView(row, undefined, context.services.prices);
  if (watch.quote.perRun === null || new Big(watch.quote.perRun).gt(accepted.value)) return { changed: watch.quote };
  const run = await context.scheduler.runNow(row);
  if (!run) return { busy: `A run of ${row.name} is going now: wait for it to finish.` };
  // Deleted while it ran: the watch as it was.
  return { run: runView(run), watch: await viewOf(context, (await context.store.get(row.id)) ?? row) };
}
