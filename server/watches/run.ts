import Big from 'big.js';
import { Cron } from 'croner';
import { canonicalParams, purchaseKey } from '../../src/contract/identity.ts';
import type { Post, SearchResult } from '../../src/contract/upstream/types.ts';
import { SEARCH_ROUTE, TIMELINE_ROUTE, readSearch, readTimeline } from '../jobs/pages.ts';
import { buyPage, type PurchaseRequest, type PurchaseServices } from '../purchase/purchase.ts';
import type { PurchaseResult } from '../purchase/purchase-result.ts';
import { storableText } from '../store/storable-text.ts';
import { definitionOf, type WatchDefinition } from './draft.ts';
import type { ItemRow, RunRow, WatchStore } from './watch-store.ts';

/** What a run ended as, for its row. */
export type RunOutcome = Pick<RunRow, 'state' | 'calls' | 'credits' | 'new_items' | 'reason'>;

export interface RunDeps {
  store: WatchStore;
  services: PurchaseServices;
}

const PREVIEW_MAX = 280;

/** When the cap's period began, in the watch's time zone: local midnight today, or the first of the month. */
export function capPeriodStart(per: 'day' | 'month', timeZone: string, now = new Date()): Date {
  const cron = new Cron(per === 'day' ? '0 0 * * *' : '0 0 1 * *', { timezone: timeZone, paused: true });
  return cron.previousRuns(1, new Date(now.getTime() + 1))[0] ?? now;
}

/** Whether an item's text has one of the watch's words or #hashtags (any, case-insensitive); true when it has none. */
export function matches(match: string[], text: string): boolean {
  if (match.length === 0) return true;
  const haystack = text.toLowerCase();
  return match.some((word) => haystack.includes(word.toLowerCase()));
}

/** Which limit a run of `perRun` would pass, in words, or null: the watch's cap, then its owner's and the operator's. */
async function limitPassed(
  deps: RunDeps,
  watchId: string,
  watch: WatchDefinition,
  perRun: Big,
  buyer: PurchaseRequest['person'],
): Promise<string | null> {
  const since = capPeriodStart(watch.cap.per, watch.timeZone);
  const { credits: spent } = await deps.store.bought(watchId, since.toISOString());
  if (new Big(spent).plus(perRun).gt(watch.cap.credits))
    return `the watch's cap of ${watch.cap.credits} credits a ${watch.cap.per}: ${spent} spent this ${watch.cap.per}, and a run may cost ${perRun.toString()}`;
  const { ledger } = deps.services.store;
  const state = ledger.limits.state(await ledger.budgetFigures(buyer?.name ?? null));
  if (state.remaining === null || perRun.lte(state.remaining)) return null;
  const whose =
    state.limitBy === 'operator'
      ? "the server operator's credit limit (CREDIT_LIMIT)"
      : state.limitBy === 'person'
        ? `${buyer?.name ?? 'the owner'}'s own credit limit`
        : 'the session credit limit';
  return `${whose}: ${state.remaining} credits left, and a run may cost ${perRun.toString()}`;
}

interface Found {
  key: string;
  kind: ItemRow['kind'];
  text: string;
  link: string;
}

function postFound(post: Post, handle: string | undefined): Found {
  const who = handle ?? post.author?.handle ?? '_';
  return {
    key: storableText(post.id),
    kind: 'post',
    text: storableText(post.text),
    link: `/timeline/${encodeURIComponent(who)}/post/${encodeURIComponent(post.id)}`,
  };
}

function resultFound(result: SearchResult, target: Record<string, string | number>, page: number): Found {
  const query = new URLSearchParams(
    Object.entries({ ...target, page }).flatMap(([field, value]) =>
      field === 'page' && Number(value) === 1 ? [] : [[field, String(value)]],
    ),
  );
  return {
    key: storableText(result.url),
    kind: 'result',
    text: storableText(`${result.title} ${result.url}`),
    link: `/search?${query.toString()}`,
  };
}

/** A page that did not come: why, in words, and whether a limit refused it (before anything was sent). */
function failureOf(answer: PurchaseResult): { reason: string; refused: boolean } {
  return { reason: answer.failure?.message ?? `answered ${answer.status}`, refused: answer.failure?.kind === 'budget' };
}

/**
 * One run of a watch, in the process that claimed it: priced first (a run that would pass any limit does not
 * start and says which), then pages bought through the shared purchaser (journalled before sent, tagged with the
 * watch, admitted under the owner's and the operator's limits), keeping only what the watch has not found before.
 * A timeline re-buys its first page and follows next_cursor while every post is new (a first run keeps its first
 * page as the baseline); a search buys its pages. Never more than pagesPerRun pages, nor past the cap.
 */
export async function runWatch(
  deps: RunDeps,
  watchId: string,
  definition: WatchDefinition,
  run: RunRow,
  buyer: PurchaseRequest['person'],
): Promise<RunOutcome> {
  let watch = definition;
  const { services, store } = deps;
  const operation = watch.kind;
  await services.prices.refresh();
  // With no price known, a run buys one page (one call of unknown price, as the limits allow) and learns it.
  const priceNow = () => services.prices.ceiling(operation);
  const refusal = await limitPassed(deps, watchId, watch, new Big(priceNow() ?? '0').times(watch.pagesPerRun), buyer);
  if (refusal)
    return { state: 'refused', calls: 0, credits: '0', new_items: 0, reason: `Not started: it would pass ${refusal}.` };

  const baseline = !(await store.hasItems(watchId));
  const found: Found[] = [];
  let calls = 0;
  let credits = new Big(0);
  let cursor: string | null = null;
  let stopped: string | null = null;
  for (let page = 0; page < watch.pagesPerRun; page += 1) {
    if (page > 0) {
      const pages = `${page} page${page === 1 ? '' : 's'}`;
      // The watch as it is now: paused, deleted, or its cap or pages lowered since the run began are in force.
      const current = await store.get(watchId);
      if (!current || current.paused) {
        stopped = `Stopped after ${pages}: the watch was ${current ? 'paused' : 'deleted'} during the run.`;
        break;
      }
      watch = {
        ...watch,
        cap: definitionOf(current).cap,
        pagesPerRun: Math.min(watch.pagesPerRun, current.pages_per_run),
      };
      const price = priceNow();
      if (price === null) {
        stopped = `Stopped after ${pages}: no price of a ${operation} page is known yet, so one page was bought to learn it.`;
        break;
      }
      if (page >= watch.pagesPerRun || (await limitPassed(deps, watchId, watch, new Big(price), buyer)) !== null) {
        stopped = `Stopped after ${pages}: another would pass a limit.`;
        break;
      }
    }
    const searchPage = Number(watch.target.page ?? 1) + page;
    const params = canonicalParams(
      operation,
      operation === 'timeline'
        ? { ...watch.target, ...(cursor ? { cursor } : {}) }
        : { ...watch.target, page: searchPage },
    );
    const answer = await buyPage(services, {
      route: operation === 'timeline' ? TIMELINE_ROUTE : SEARCH_ROUTE,
      params,
      key: purchaseKey(operation, params),
      // A timeline's first page and a search's pages are what changes: bought again, not read from the archive.
      fresh: operation === 'search' || cursor === null,
      watchId,
      person: buyer,
    });
    if (answer.callId !== null && answer.source !== 'archive') calls += 1;
    credits = credits.plus(answer.source === 'archive' ? '0' : (answer.credits ?? '0'));
    if (answer.status !== 200) {
      const { reason, refused } = failureOf(answer);
      if (page === 0)
        return { state: refused ? 'refused' : 'failed', calls, credits: credits.toString(), new_items: 0, reason };
      stopped = reason;
      break;
    }
    const items =
      operation === 'timeline'
        ? (readTimeline(answer.text)?.posts ?? null)?.map((post) => postFound(post, watch.target.screen_name as string))
        : (readSearch(answer.text)?.results ?? null)?.map((result) => resultFound(result, watch.target, searchPage));
    if (!items) {
      stopped = `page ${page + 1} could not be read`;
      if (page === 0) return { state: 'failed', calls, credits: credits.toString(), new_items: 0, reason: stopped };
      break;
    }
    const known = await store.known(
      watchId,
      items.map((item) => item.key),
    );
    const fresh = items.filter((item) => !known.has(item.key) && !found.some((other) => other.key === item.key));
    found.push(...fresh);
    if (operation === 'search') {
      if (items.length < Number(params.num)) break;
      continue;
    }
    // A timeline: a post seen before means the rest is older; a first run's page is its baseline.
    const next = readTimeline(answer.text)?.nextCursor ?? null;
    if (baseline || fresh.length < items.length || items.length === 0 || !next || next === cursor) break;
    cursor = next;
  }
  // Deleted while its last page came: nothing is kept for a watch that is gone.
  if (!(await store.get(watchId))) found.length = 0;
  const now = new Date().toISOString();
  const rows: ItemRow[] = found.map((item) => {
    const matched = matches(watch.match, item.text);
    return {
      watch_id: watchId,
      key: item.key,
      kind: item.kind,
      run_id: run.id,
      found_at: now,
      // Not a match: known to the watch (never new again), but nothing to tell anyone about.
      seen_at: matched ? null : now,
      matched: matched ? 1 : 0,
      preview: item.text.slice(0, PREVIEW_MAX),
      link: item.link,
    };
  });
  await store.addItems(rows);
  return {
    state: 'done',
    calls,
    credits: credits.toString(),
    new_items: rows.filter((row) => row.matched === 1).length,
    reason: stopped,
  };
}
