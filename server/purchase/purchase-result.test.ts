import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalParams, purchaseKey, TIMELINE_PATH } from '../../src/contract/index.ts';
import { startProxyAgainstStandin, type ProxyHarness } from '../testing/harness.ts';
import { OPERATIONS } from '../proxy/operations.ts';
import { createServices, type Services } from '../proxy/services.ts';
import { buyPage } from './purchase.ts';

/**
 * Jobs and server-rendered pages buy through the purchaser in-process: what they need (the call, its cost,
 * whether it was charged, where the answer came from, why it failed) are fields of its result, the same
 * facts the browser reads from the headers send.ts writes from them.
 */
describe('the purchaser’s result', () => {
  let harness: ProxyHarness;
  let services: Services;
  const ask = (handle: string) => {
    const params = canonicalParams('timeline', { screen_name: handle });
    return { route: OPERATIONS[TIMELINE_PATH]!, params, key: purchaseKey('timeline', params), fresh: false };
  };

  beforeAll(async () => {
    harness = await startProxyAgainstStandin();
    // A second purchaser on the same store and upstream, as a job runner in another process would have.
    services = await createServices(harness.config);
  });
  afterAll(async () => {
    await services?.close();
    await harness?.close();
  });

  it('says what was bought, what was served from the archive, what failed upstream and what was refused', async () => {
    const bought = await buyPage(services, ask('ada__result'));
    expect(bought).toMatchObject({ status: 200, source: 'upstream', charged: 'yes', credits: '0.1', failure: null });
    expect(bought.boughtAt).toBeNull();
    expect(JSON.parse(bought.text)).toMatchObject({ success: true });

    const archived = await buyPage(services, ask('ada__result'));
    expect(archived).toMatchObject({
      status: 200,
      source: 'archive',
      charged: 'no',
      credits: '0',
      callId: bought.callId,
      text: bought.text,
    });
    expect(Date.parse(archived.boughtAt!)).not.toBeNaN();

    // Retry-After beyond what the proxy waits out: one attempt, its header passed on as the upstream sent it.
    await harness.fault({ match: 'ada__result_limited', status: 429, retryAfter: '30', times: 1 });
    const limited = await buyPage(services, ask('ada__result_limited'));
    expect(limited).toMatchObject({ status: 429, source: 'upstream', charged: 'no', credits: '0', retryAfter: '30' });
    expect(limited.failure).toMatchObject({ kind: 'rate_limited', status: 429, charged: 'no', retryAfter: 30 });
    expect(limited.callId).toEqual(expect.any(String));
    expect(JSON.parse(limited.text)).toEqual({ success: false, error: limited.failure });

    await harness.api('/api/_session/budget', { method: 'PUT', body: JSON.stringify({ limit: '0.1' }) });
    const refused = await buyPage(services, ask('ada__result_refused'));
    expect(refused).toMatchObject({ status: 402, source: 'proxy', charged: 'no', callId: null, credits: null });
    expect(refused.failure).toMatchObject({ kind: 'budget', status: 402 });
  });
});
