// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { persistOptions } from '../../app/persister';
import { createQueryClient } from '../../app/query-client';
import { createIncrementalPersister, type RecordStore } from '../../lib/incremental-persister';
import { createAppRouter } from '../../router';
import { planPage } from '../../ssr/plan-page';
import { openAt, startHarnessProcess } from '../../testing/harness-client';
import { ApiError } from '../errors';
import { searchKeys, timelineKeys } from '../keys';
import { searchQueryOptions } from '../search';
import { timelineQueryOptions, type TimelineData } from '../timeline';
import type { SearchPage } from '../../contract/upstream/types';
import { checkForNewPosts } from './check-new-posts';
import { buy, purchasesInFlight } from './purchaser';
import { rebuySearch } from './rebuy-search';

let harness: Awaited<ReturnType<typeof startHarnessProcess>>;
beforeAll(async () => {
  harness = await startHarnessProcess();
  openAt(harness.origin);
});
afterAll(async () => {
  await harness.close();
});

const tag = () => Math.random().toString(36).slice(2, 8);
const timelineCalls = async (handle: string) =>
  (await harness.log(handle)).filter((call) => call.path.endsWith('/posts'));

/** Another browser: no memory of this document, nothing in its storage. */
async function anotherBrowser() {
  localStorage.clear();
  vi.resetModules();
  return {
    purchaser: await import('./purchaser'),
    client: await import('../client'),
    timeline: await import('../timeline'),
    check: await import('./check-new-posts'),
  };
}

describe('the purchaser, through the real proxy', () => {
  it('is single-flight: concurrent askers of one page, in any spelling, share one upstream call', async () => {
    const handle = `ada__flight${tag()}`;
    const answers = await Promise.all([
      buy({ operation: 'timeline', params: { screen_name: handle } }),
      buy({ operation: 'timeline', params: { screen_name: handle.toUpperCase() } }),
      buy({ operation: 'timeline', params: { screen_name: ` ${handle} ` } }),
    ]);
    expect(new Set(answers.map((answer) => answer.callId)).size).toBe(1);
    expect(answers.map((answer) => answer.origin)).toEqual(['paid-now', 'paid-now', 'paid-now']);
    expect(await harness.log(handle)).toHaveLength(1);
  });

  it('keeps no failed purchase: the next ask tries again, and the error says what the proxy knows of the charge', async () => {
    const handle = `ada__fails${tag()}`;
    await harness.fault({ match: handle, status: 404, times: 1 });
    const failure = await buy({ operation: 'timeline', params: { screen_name: handle } }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).kind).toBe('not_found');
    expect((failure as ApiError).autoRetryable).toBe(false);
    expect(purchasesInFlight()).toBe(0);
    await buy({ operation: 'timeline', params: { screen_name: handle } });
    expect(await harness.log(handle)).toHaveLength(2);
  });
});

describe('the query cache holds what this document bought', () => {
  it('hands a page to a later asker of it in any spelling for free, until Refresh buys it again', async () => {
    const q = `flight ${tag()}`;
    const queryClient = createQueryClient();
    const first = await queryClient.fetchQuery(searchQueryOptions({ q }));
    const again = await queryClient.fetchQuery(searchQueryOptions({ q: q, page: 1, num: 10 }));
    expect(again).toBe(first);
    expect(await harness.log(q)).toHaveLength(1);
    const refreshed = await rebuySearch(queryClient, { q });
    expect(refreshed.origin).toBe('paid-now');
    expect(refreshed.callId).not.toBe(first.callId);
    expect(queryClient.getQueryData<SearchPage>(searchKeys.query({ q }))?.callId).toBe(refreshed.callId);
    expect(await harness.log(q)).toHaveLength(2);
  });

  it('restores a bought page in the next document as this browser’s copy, and buys nothing for it', async () => {
    const handle = `ada__restore${tag()}`;
    const records = new Map<string, unknown>();
    const store: RecordStore = {
      commit: async (puts, deletes) => {
        for (const [key, value] of puts) records.set(key, structuredClone(value));
        for (const key of deletes) records.delete(key);
      },
      entries: async () => [...records],
    };
    const persister = createIncrementalPersister(store, 'test/');
    const bought = createQueryClient();
    const data = await bought.fetchInfiniteQuery(timelineQueryOptions({ screenName: handle }));
    expect(data.pages[0]!.origin).toBe('paid-now');
    await persistQueryClientSave({ ...persistOptions, queryClient: bought, persister });

    const next = createQueryClient();
    await persistQueryClientRestore({ ...persistOptions, queryClient: next, persister });
    const restored = next.getQueryData<TimelineData>(timelineKeys.user({ screenName: handle }));
    expect(restored?.pages.map((page) => page.origin)).toEqual(['this-browser']);
    await next.fetchInfiniteQuery(timelineQueryOptions({ screenName: handle }));
    expect(await timelineCalls(handle)).toHaveLength(1);
  });

  it('reaches the query cache of a page the server renders through the route loader, "rendered by the server", sending nothing', async () => {
    const q = `rendered ${tag()}`;
    const href = `/search?q=${encodeURIComponent(q)}`;
    const plan = planPage(href);
    if (plan.kind !== 'purchase') throw new Error(`${href} is planned as ${plan.kind}`);
    const answer = await buy(plan);
    // The router the server renders with (src/entry-server.tsx), given the answer in its context, not a module.
    vi.stubEnv('SSR', true);
    const queryClient = new QueryClient();
    const history = createMemoryHistory({ initialEntries: [href] });
    await createAppRouter(queryClient, history, { nonce: 'n', firstPage: { ...plan, answer }, prices: null }).load();
    vi.unstubAllEnvs();
    const page = queryClient.getQueryData<SearchPage>(searchKeys.query({ q }));
    expect(page?.origin).toBe('server-rendered');
    expect(page?.callId).toBe(answer.callId);
    // The browser's router, with no such page, loads the route and buys nothing.
    const browser = new QueryClient();
    await createAppRouter(browser, createMemoryHistory({ initialEntries: [href] })).load();
    expect(browser.getQueryData(searchKeys.query({ q }))).toBeUndefined();
    expect(await harness.log(q)).toHaveLength(1);
  });
});

describe('answers from the server archive', () => {
  it('are handed to another browser free: origin "archive", with the first purchase’s id and time, and no paid call announced', async () => {
    const handle = `ada__archive${tag()}`;
    const first = await buy({ operation: 'timeline', params: { screen_name: handle } });
    const other = await anotherBrowser();
    const announced: unknown[] = [];
    const stop = other.client.onPaidCall((call) => announced.push(call));
    const again = await other.purchaser.buy({ operation: 'timeline', params: { screen_name: handle } });
    stop();
    expect(again.origin).toBe('archive');
    expect(again.callId).toBe(first.callId);
    expect(again.credits).toBe('0');
    expect(Math.abs(again.boughtAt! - first.boughtAt!)).toBeLessThan(5_000);
    expect(announced).toEqual([]);
    expect(await harness.log(handle)).toHaveLength(1);
  });

  it('stand in for every ask but an explicit re-buy, which buys the page again once', async () => {
    const handle = `ada__rebuy${tag()}`;
    await buy({ operation: 'timeline', params: { screen_name: handle } });
    const other = await anotherBrowser();
    const [bought, joined] = await Promise.all([
      other.purchaser.buy({ operation: 'timeline', params: { screen_name: handle } }, { rebuy: true }),
      other.purchaser.buy({ operation: 'timeline', params: { screen_name: handle } }),
    ]);
    expect(bought.origin).toBe('paid-now');
    expect(joined).toBe(bought);
    expect(await harness.log(handle)).toHaveLength(2);
  });

  it('never stand in for Check for new posts: the page above the first, by prev_cursor, is bought again', async () => {
    const handle = `ada__newer${tag()}`;
    const target = { screenName: handle };
    const newest = (queryClient: QueryClient) => {
      const data = queryClient.getQueryData<TimelineData>(timelineKeys.user(target))!;
      return { page: data.pages[0]!, cursor: data.pageParams[0] };
    };
    const queryClient = createQueryClient();
    await queryClient.fetchInfiniteQuery(timelineQueryOptions(target));
    expect(await checkForNewPosts(queryClient, target)).toEqual({ added: 3, gap: false });
    expect(newest(queryClient).cursor).toEqual(expect.any(String));
    expect(await timelineCalls(handle)).toHaveLength(2);

    const other = await anotherBrowser();
    const elsewhere = createQueryClient();
    const theirs = other.timeline.timelineQueryOptions(target);
    expect((await elsewhere.fetchInfiniteQuery(theirs)).pages[0]!.origin).toBe('archive');
    expect(await timelineCalls(handle)).toHaveLength(2);
    await other.check.checkForNewPosts(elsewhere, target);
    expect(newest(elsewhere).page.origin).toBe('paid-now');
    expect(await timelineCalls(handle)).toHaveLength(3);
  });
});
