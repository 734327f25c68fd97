import { afterEach, describe, expect, it } from 'vitest';
import type { StoreKind } from '../store/open.ts';
import { aliases, burst } from '../testing/burst.ts';
import { startProxyAgainstStandin, type HarnessOptions, type ProxyHarness } from '../testing/harness.ts';
import { STORE_KINDS } from '../testing/postgres.ts';
import { openScratch, scratchStore } from '../testing/store-reads.ts';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const buyOne = (harness: ProxyHarness, handle: string) =>
  harness.api(`/api/v1/social/microblog/posts?screen_name=${handle}`);
const putLimit = (harness: ProxyHarness, body: unknown) =>
  harness.api('/api/_session/budget', { method: 'PUT', body: JSON.stringify(body) });
const newSession = (harness: ProxyHarness) => harness.api('/api/_session/new', { method: 'POST', body: '{}' });

/** Buys one page after another until the proxy refuses; returns how many were paid. */
async function buyUntilRefused(harness: ProxyHarness, tag: string) {
  for (let index = 0; index < 10; index += 1) {
    const response = await buyOne(harness, `ada__${tag}${index}`);
    if (response.status === 402) return index;
    expect(response.status).toBe(200);
  }
  throw new Error('never refused');
}

describe.each(STORE_KINDS)(
  'CREDIT_LIMIT is a ceiling nothing from the browser can lift (%s store)',
  (store: StoreKind) => {
    async function fresh(env: Record<string, string> = {}, options: HarnessOptions = {}) {
      const harness = await startProxyAgainstStandin({ CREDIT_LIMIT: '0.3', ...env }, { store, ...options });
      cleanup.push(() => harness.close());
      return harness;
    }

    it('refuses a personal limit above it with a 400 naming both numbers', async () => {
      const harness = await fresh();
      const response = await putLimit(harness, { limit: '100' });
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as { error: { message: string } };
      expect(error.message).toContain('100');
      expect(error.message).toContain('0.3');
      expect((await harness.state()).budget).toMatchObject({
        operatorLimit: '0.3',
        personalLimit: null,
        limit: '0.3',
      });
    });

    it('still holds after {limit:null} and across "new session": refused at the cap, counted from the stand-in', async () => {
      const harness = await fresh();
      expect((await putLimit(harness, { limit: null })).status).toBe(200);
      expect(await buyUntilRefused(harness, 'capa')).toBe(3);
      const refusal = (await (await buyOne(harness, 'ada__capa_more')).json()) as { error: { message: string } };
      expect(refusal.error.message).toMatch(/server operator's credit limit of 0\.3 in total is reached/);
      expect(refusal.error.message).not.toMatch(/Credits page/);

      expect((await newSession(harness)).status).toBe(200);
      expect(await buyUntilRefused(harness, 'capb')).toBe(0);
      expect(await harness.upstreamLog('ada__cap')).toHaveLength(3);
      expect((await harness.state()).budget).toEqual({
        operatorLimit: '0.3',
        period: 'total',
        personalLimit: null,
        limit: '0.3',
        spentInPeriod: '0.3',
        spentSinceStart: '0.3',
        remaining: '0',
        limitBy: 'operator',
        warnAt: null,
        warning: false,
        warningBy: null,
        reached: true,
        reachedBy: 'operator',
        // Nobody signs in on loopback: no person's own limit stands beside the operator's.
        person: null,
      });
    });

    it('lets no /api/_session request buy one more call', async () => {
      const harness = await fresh();
      await buyUntilRefused(harness, 'tries');
      const before = (await harness.upstreamLog()).length;
      const attempts: (() => Promise<Response>)[] = [
        () => putLimit(harness, { limit: '100' }),
        () => putLimit(harness, { limit: null }),
        () => putLimit(harness, { limit: '0.3' }),
        () => putLimit(harness, { limit: '0' }),
        () => putLimit(harness, { limit: null, operatorLimit: null }),
        () => newSession(harness),
        () => harness.api('/api/_session/budget', { method: 'PUT', body: 'null' }),
        () => harness.api('/api/_session/budget', { method: 'DELETE' }),
        () => harness.api('/api/_session/operator', { method: 'PUT', body: '{"limit":null}' }),
      ];
      for (const [index, attempt] of attempts.entries()) {
        expect((await attempt()).status).toBeLessThan(500);
        expect((await buyOne(harness, `ada__lift${index}`)).status).toBe(402);
      }
      expect(await harness.upstreamLog()).toHaveLength(before);
    });

    it('applies the lower limit: a personal one under the cap, counted on the session', async () => {
      const harness = await fresh();
      expect((await putLimit(harness, { limit: '0.1' })).status).toBe(200);
      expect(await buyUntilRefused(harness, 'lower')).toBe(1);
      expect((await harness.state()).budget).toMatchObject({ limit: '0.1', reachedBy: 'personal', remaining: '0' });
      // A new session and a cleared personal limit leave the cap, which has counted the first call: two more, then its refusal.
      await newSession(harness);
      await putLimit(harness, { limit: null });
      expect(await buyUntilRefused(harness, 'lower_next')).toBe(2);
      expect((await harness.state()).budget).toMatchObject({
        reachedBy: 'operator',
        spentSinceStart: '0.3',
        limit: '0.3',
      });
    });

    it('is never overridden by a personal limit kept from a past run without it', async () => {
      const past = await scratchStore(store);
      cleanup.push(() => past.remove());
      const pastRun = await openScratch(past);
      await pastRun.ledger.setPersonalLimit(null, '100');
      await pastRun.close();
      const harness = await fresh({}, { shareStoreOf: past });
      expect((await harness.state()).budget).toMatchObject({
        operatorLimit: '0.3',
        personalLimit: null,
        limit: '0.3',
      });
      const { paid, refused } = await burst(harness, aliases('past', 10));
      expect(paid).toBe(3);
      expect(refused).toHaveLength(7);
      expect(await harness.upstreamLog('ada__past')).toHaveLength(3);
    });
  },
);
