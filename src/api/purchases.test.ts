// @vitest-environment happy-dom
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openAt, startHarnessProcess } from '../testing/harness-client';
import { buy, forget, purchasesInFlight } from './purchases';
import { ApiError } from './errors';

let harness: Awaited<ReturnType<typeof startHarnessProcess>>;
beforeAll(async () => {
  harness = await startHarnessProcess();
  openAt(harness.origin);
});
afterAll(async () => {
  await harness.close();
});

const tag = () => Math.random().toString(36).slice(2, 8);

describe('the purchase module, through the real proxy', () => {
  it('is single-flight: concurrent askers of one page, in any spelling, share one upstream call', async () => {
    const handle = `ada__flight${tag()}`;
    const answers = await Promise.all([
      buy({ operation: 'timeline', params: { screen_name: handle } }),
      buy({ operation: 'timeline', params: { screen_name: handle.toUpperCase() } }),
      buy({ operation: 'timeline', params: { screen_name: ` ${handle} ` } }),
    ]);
    expect(new Set(answers.map((answer) => answer.callId)).size).toBe(1);
    expect(await harness.log(handle)).toHaveLength(1);
  });

  it('hands a page bought in this document to a later asker for free, until an explicit re-buy forgets it', async () => {
    const q = `flight ${tag()}`;
    await buy({ operation: 'search', params: { q } });
    await buy({ operation: 'search', params: { q, page: 1, num: 10 } });
    expect(await harness.log(q)).toHaveLength(1);
    forget({ operation: 'search', params: { q: ` ${q}`, page: '1' } });
    await buy({ operation: 'search', params: { q } });
    expect(await harness.log(q)).toHaveLength(2);
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

  it('hands a page to the next document (a navigation cut the cache write short) without buying it again', async () => {
    const handle = `ada__nextdoc${tag()}`;
    const first = await buy({ operation: 'timeline', params: { screen_name: handle } });
    vi.resetModules();
    const nextDocument = await import('./purchases');
    const again = await nextDocument.buy({ operation: 'timeline', params: { screen_name: handle.toUpperCase() } });
    expect(again.callId).toBe(first.callId);
    expect(again.boughtAt).toBe(first.boughtAt);
    expect(await harness.log(handle)).toHaveLength(1);
  });
});

describe('answers from the server archive', () => {
  it("are handed to another browser free: marked as archived, with the first purchase's id and time, and no paid call announced", async () => {
    const handle = `ada__archive${tag()}`;
    const first = await buy({ operation: 'timeline', params: { screen_name: handle } });
    // Another browser: no memory of this document and none in its storage.
    localStorage.clear();
    vi.resetModules();
    const client = await import('./client');
    const other = await import('./purchases');
    const announced: unknown[] = [];
    const stop = client.onPaidCall((call) => announced.push(call));
    const again = await other.buy({ operation: 'timeline', params: { screen_name: handle } });
    stop();
    expect(again.fromArchive).toBe(true);
    expect(again.callId).toBe(first.callId);
    expect(again.credits).toBe('0');
    expect(Math.abs(again.boughtAt! - first.boughtAt!)).toBeLessThan(5_000);
    expect(announced).toEqual([]);
    expect(await harness.log(handle)).toHaveLength(1);
  });

  it('stand in for every ask but an explicit re-buy, which buys the page again', async () => {
    const handle = `ada__rebuy${tag()}`;
    await buy({ operation: 'timeline', params: { screen_name: handle } });
    localStorage.clear();
    vi.resetModules();
    const other = await import('./purchases');
    other.forget({ operation: 'timeline', params: { screen_name: handle } });
    const bought = await other.buy({ operation: 'timeline', params: { screen_name: handle } });
    expect(bought.fromArchive).toBeUndefined();
    expect(await harness.log(handle)).toHaveLength(2);
    // The re-buy was one purchase: asking again is served from this document, not bought a third time.
    await other.buy({ operation: 'timeline', params: { screen_name: handle } });
    expect(await harness.log(handle)).toHaveLength(2);
  });
});
