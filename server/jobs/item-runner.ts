import Big from 'big.js';
import { buyPage } from '../purchase/purchase.ts';
import type { PurchaseResult } from '../purchase/purchase-result.ts';
import type { RunContext } from './context.ts';
import type { ItemRow } from './job-store.ts';
import { outcomeOf, pageAsk } from './pages.ts';

/** Tries of one page that failed without a charge (5xx, 429, unreachable) before its item fails. */
const MAX_TRIES = 6;
const BACKOFF_MS = 500;
const MAX_WAIT_MS = 60_000;

const sleepUnless = async (ms: number, halted: () => boolean) => {
  for (const end = Date.now() + ms; Date.now() < end && !halted();)
    await new Promise((resolve) => setTimeout(resolve, Math.min(100, end - Date.now())));
};

interface Bought {
  purchaseId: string;
  credits: string;
}

/**
 * What the item was buying when its process stopped (a crash, a kill). A call settled since then is
 * this job's: its answer is in the archive and its cost is counted when the page is recorded. A call
 * whose answer never came back is booked by the ledger as "outcome unknown" (counted in the budget
 * until the operator clears it); the job never got that page, so it buys it again, and says so.
 */
async function recover(context: RunContext, item: ItemRow): Promise<{ bought: Bought | null; note: string | null }> {
  if (!item.pending_key || !item.pending_since) return { bought: null, note: null };
  let bought: Bought | null = null;
  let lost = 0;
  for (const row of await context.store.purchasesSince(item.pending_key, item.pending_since)) {
    if (row.state === 'settled' && row.ok) bought = { purchaseId: row.id, credits: row.credits };
    else if (row.state === 'unknown' || row.state === 'cleared') lost += 1;
  }
  await context.store.setItem(context.id, item.position, { pending_key: null, pending_since: null });
  const note =
    lost > 0
      ? `page ${item.pages_done + 1} was asked for again after a restart: its first answer was lost (the ledger counts that call as "outcome unknown" until the operator clears it)`
      : null;
  return { bought, note };
}

/**
 * Obtains an item's pages one after another through the shared purchaser (the archive first, the
 * budget and the ledger as for the browser), following the timeline's cursors, until it is done,
 * fails, or the job halts. Returns with the item still 'running' when the job halts: the runner says why.
 */
export async function runItem(context: RunContext, item: ItemRow): Promise<void> {
  const recovered = await recover(context, item);
  let credits = new Big(item.credits);
  let { cursor, pages_done: index, posts, pages_from_archive: fromArchive } = item;
  await context.store.setItem(context.id, item.position, { status: 'running', error: recovered.note ?? item.error });
  const fail = async (error: string, charged = '0') => {
    credits = credits.plus(charged);
    await context.store.record(
      context.id,
      item.position,
      { status: 'failed', error, credits: credits.toString(), pending_key: null, pending_since: null },
      charged,
      null,
    );
  };
  for (let tries = 0; index < item.pages_planned;) {
    if (context.halt) return;
    const status = await context.store.status(context.id);
    if (status !== 'running')
      return context.stop(
        status === 'cancelled'
          ? { reason: 'cancelled' }
          : status === 'paused'
            ? { reason: 'paused' }
            : { reason: 'lost' },
      );
    const ask = pageAsk(item.kind, item.subject, cursor, index);
    const free = (await context.services.store.archive.freeCopy({ ...ask, operation: ask.route.operation })) !== null;
    const price = free ? '0' : (context.services.prices.ceiling(ask.route.operation) ?? '0');
    if (!context.reserve(price)) {
      const lost = await context.store.lostCredits(context.id);
      const lostWords = lost === '0' ? '' : `, ${lost} of it on calls whose answers were lost when creditscope stopped`;
      return context.stop({
        reason: 'quote',
        message: `Stopped at the accepted quote of ${context.quote.toString()} credits (${context.spentSoFar()} spent${lostWords}): the next page could cost ${price} more. A new job quotes the rest; pages bought are free from the archive.`,
      });
    }
    let answer: PurchaseResult;
    context.calls += 1;
    context.mostCalls = Math.max(context.mostCalls, context.calls);
    try {
      await context.store.setItem(context.id, item.position, {
        pending_key: ask.key,
        pending_since: new Date().toISOString(),
      });
      answer = await buyPage(context.services, { ...ask, fresh: false, jobId: context.id, person: context.buyer });
    } catch (error) {
      context.settle(price, '0');
      return context.stop({
        reason: 'error',
        message: `creditscope failed while buying a page of ${item.subject}: ${(error as Error).message}`,
      });
    } finally {
      context.calls -= 1;
    }
    const callId = answer.callId ?? '';
    const ours = recovered.bought !== null && recovered.bought.purchaseId === callId;
    const spent = ours ? recovered.bought!.credits : (answer.credits ?? '0');
    context.settle(price, spent);
    const failure = answer.status === 200 ? null : answer.failure;
    const outcome = answer.status === 200 ? outcomeOf(item.kind, answer.text, cursor, context.spec.timeline) : null;
    if (outcome) {
      const archived = answer.source === 'archive' && !ours;
      index += 1;
      posts += outcome.count;
      fromArchive += archived ? 1 : 0;
      credits = credits.plus(spent);
      const done = outcome.ended || index >= item.pages_planned;
      cursor = outcome.next;
      await context.store.record(
        context.id,
        item.position,
        {
          status: done ? 'done' : 'running',
          pages_done: index,
          posts,
          pages_from_archive: fromArchive,
          credits: credits.toString(),
          cursor,
          pending_key: null,
          pending_since: null,
        },
        spent,
        {
          page_index: index - 1,
          page_key: ask.key,
          purchase_id: callId,
          from_archive: archived ? 1 : 0,
          posts: outcome.count,
          credits: spent,
        },
      );
      tries = 0;
      if (done) return;
      continue;
    }
    if (!failure)
      return fail(
        `The answer for page ${index + 1} could not be read as a ${item.kind === 'timeline' ? 'timeline page' : 'page of results'}: ${answer.failure?.message ?? answer.text.slice(0, 200)}`,
        spent,
      );
    if (failure.kind === 'budget') {
      credits = credits.plus(spent);
      await context.store.setItem(context.id, item.position, { pending_key: null, pending_since: null });
      return context.stop({ reason: 'limit', message: failure.message });
    }
    if (failure.kind === 'ledger') return context.stop({ reason: 'error', message: failure.message });
    // Its creator made a viewer or removed since it started: nothing more is bought for them, on any item.
    if (failure.kind === 'viewer-cannot-spend' || (failure.kind === 'auth' && failure.status === 403))
      return context.stop({ reason: 'error', message: failure.message });
    const retryable = failure.charged === 'no' && (failure.status === 429 || failure.status >= 500);
    tries += 1;
    if (!retryable || tries >= MAX_TRIES)
      return fail(`${failure.message}${retryable ? ` (after ${tries} tries)` : ''}`, spent);
    const backoff = BACKOFF_MS * 2 ** (tries - 1);
    await sleepUnless(
      Math.min(MAX_WAIT_MS, Math.max(backoff, (failure.retryAfter ?? 0) * 1000)),
      () => context.halt !== null,
    );
  }
  await context.store.setItem(context.id, item.position, { status: 'done', pending_key: null });
}
