import { describe, expect, it } from 'vitest';
import { harnessForTest } from '../testing/harness.ts';
import { STORE_KINDS } from '../testing/postgres.ts';

/**
 * What an answer says it cost is what the ledger books, only when it can be a price (spec: every answer carries
 * `meta.credits`, a number). Missing, a string, or a figure past any limit (`1e308`) is an unknown charge: booked at
 * the going price, counted against the limit, and never written into the store's sums, which it would overflow.
 */
describe.each(STORE_KINDS)('an answer whose price is not a price (%s store)', (store) => {
  it('is booked at the going price, the limit holds, and the store stays readable', async () => {
    const harness = await harnessForTest({ CREDIT_LIMIT: '0.4' }, { store });
    const setPrice = (timeline: unknown) =>
      fetch(`${harness.standin.url}/_control/credits`, { method: 'POST', body: JSON.stringify({ timeline }) });
    const buy = (handle: string) => harness.api(`/api/v1/social/microblog/posts?screen_name=${handle}`);

    expect((await buy('ada__priced')).status).toBe(200);
    for (const [handle, price] of [
      ['ada__huge', 1e308],
      ['ada__text', '5'],
      ['ada__none', null],
    ] as const) {
      await setPrice(price);
      const response = await buy(handle);
      expect(response.status, handle).toBe(200);
      expect(response.headers.get('x-creditscope-credits'), handle).toBe('0.1');
    }
    const state = await harness.state();
    expect(state.rows.map((row) => [row.params.screen_name, row.credits, row.charged])).toEqual([
      ['ada__priced', '0.1', 'yes'],
      ['ada__huge', '0.1', 'unknown'],
      ['ada__text', '0.1', 'unknown'],
      ['ada__none', '0.1', 'unknown'],
    ]);
    expect(state.session.total).toBe('0.4');
    // At the limit: the next page is refused before it is sent.
    expect((await buy('ada__over')).status).toBe(402);
    expect(await harness.upstreamLog('ada__')).toHaveLength(4);
  });
});
