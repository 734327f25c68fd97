// @vitest-environment happy-dom
import { cleanup, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { searchKeys, timelineKeys } from '../api/keys';
import { purchasesInFlight } from '../api/purchase/purchaser';
import { renderApp } from './app-under-test';
import { openAt, startHarnessProcess } from './harness-client';

/**
 * The app's own routes and components under <StrictMode>, in a DOM, buying through the real proxy
 * over real HTTP from a stand-in that counts every call: what `npm run dev` does to a purchase.
 */
let harness: Awaited<ReturnType<typeof startHarnessProcess>>;
beforeAll(async () => {
  harness = await startHarnessProcess();
  openAt(harness.origin);
});
afterAll(async () => {
  await harness.close();
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const tag = () => Math.random().toString(36).slice(2, 8);
const timelineCalls = async (handle: string) =>
  (await harness.log(handle)).filter((call) => call.path.endsWith('/posts'));
const searchCalls = async (q: string) => (await harness.log(q)).filter((call) => call.path.endsWith('/search'));

describe('under StrictMode, each page is bought once', () => {
  it('a first timeline page: mount, unmount, mount asks the upstream once', async () => {
    const handle = `ada__strict${tag()}`;
    const app = renderApp(`/timeline?screen_name=${handle}`);
    await waitFor(() => expect(app.queryClient.getQueryData(timelineKeys.user({ screenName: handle }))).toBeDefined());
    expect(await timelineCalls(handle)).toHaveLength(1);
  });

  it('a page whose asker unmounts mid-request still lands in the cache, and the next mount buys nothing', async () => {
    const handle = `ada__gone${tag()}`;
    await harness.fault({ match: handle, latencyMs: 400, times: 1 });
    const first = renderApp(`/timeline?screen_name=${handle}`);
    await waitFor(() => expect(purchasesInFlight()).toBeGreaterThan(0));
    first.unmount();
    await waitFor(
      () => expect(first.queryClient.getQueryData(timelineKeys.user({ screenName: handle }))).toBeDefined(),
      { timeout: 3000 },
    );
    renderApp(`/timeline?screen_name=${handle.toUpperCase()}`, first.queryClient);
    await waitFor(() => expect(purchasesInFlight()).toBe(0));
    expect(await timelineCalls(handle)).toHaveLength(1);
  });

  it('a search, then the same search with its defaults typed out, is one purchase', async () => {
    const q = `strict search ${tag()}`;
    const app = renderApp(`/search?q=${encodeURIComponent(q)}`);
    await waitFor(() => expect(app.queryClient.getQueryData(searchKeys.query({ q }))).toBeDefined());
    await app.router.navigate({ to: '/search', search: { q, page: 1, num: 10 } });
    await waitFor(() => expect(app.router.state.location.search).toMatchObject({ page: 1, num: 10 }));
    await waitFor(() => expect(app.container.querySelector('[data-testid="search-results"]')).not.toBeNull());
    expect(purchasesInFlight()).toBe(0);
    expect(await searchCalls(q)).toHaveLength(1);
  });

  it('opening the start page, the credits page and the bare timeline and search pages buys nothing', async () => {
    const before = (await harness.log()).length;
    for (const address of ['/', '/timeline', '/search', '/credits']) {
      const app = renderApp(address);
      await waitFor(() => expect(app.container.querySelector('main')).not.toBeNull());
      app.unmount();
    }
    expect(purchasesInFlight()).toBe(0);
    expect((await harness.log()).length).toBe(before);
  });
});
