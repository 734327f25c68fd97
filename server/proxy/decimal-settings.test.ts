import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import type { StoreKind } from '../store/open.ts';
import { startProxyAgainstStandin, type ProxyHarness } from '../testing/harness.ts';
import { STORE_KINDS } from '../testing/postgres.ts';
import { sessionStateSchema } from '../../src/contract/session.ts';
import { spendAlertsSchema } from '../../src/contract/spend.ts';
import { DECIMAL, SETTING_DECIMALS } from '../../src/contract/decimal.ts';
import { openScratch, scratchStore } from '../testing/store-reads.ts';

/**
 * #33: a personal limit of 0.0000001 was stored as "1e-7", and from then on every page's /api/_session answer
 * could not be read. Every route that takes a decimal setting reads it by one rule (src/contract/decimal.ts):
 * each hostile value is refused with a 400 that names the field and what is wrong, or stored in plain digits;
 * and after each, /api/_session still passes the contract.
 */

/** Each as the JSON text of the value: strings and JSON numbers (which JavaScript may write with an exponent). */
const HOSTILE = [
  '"1e-7"',
  '"0.0000001"',
  '"-0"',
  '"NaN"',
  '"Infinity"',
  '"-Infinity"',
  '"1e309"',
  '""',
  '" 1"',
  '"1 "',
  '"\\u00a01"',
  '"1,5"',
  '"١"',
  '"٣.٥"',
  '"２"',
  `"${'9'.repeat(40)}"`,
  `"0.${'1'.repeat(40)}"`,
  '"0x10"',
  '"1_000"',
  '"+1"',
  '".5"',
  '"5."',
  '"1.2.3"',
  '"1E3"',
  '"-1"',
  '"0.5%"',
  '"abc"',
  '"00.5000"',
  '"0.000001"',
  '"1000000001"',
  '1e-7',
  '0.0000001',
  '-0',
  '1e309',
  '1e21',
  '-1',
  '0.1234567',
  `${'9'.repeat(40)}`,
  '0.5',
  '2',
  'true',
  '[]',
  '{}',
  '"0"',
];

/** Every reason the rule gives: a refusal says which. */
const REASONS =
  /(is empty|has spaces|has a sign|is in exponent form|has a comma|needs a digit|is not a number|has more than 6 decimals|is over|is not more than|is below|must be a string|is not a finite)/;

/** What a value means when it is accepted: the same number, in plain digits with at most SETTING_DECIMALS places. */
function expectCanonical(stored: string | null | undefined, sent: string) {
  expect(stored, `stored for ${sent}`).toMatch(DECIMAL);
  expect(stored!.split('.')[1]?.length ?? 0).toBeLessThanOrEqual(SETTING_DECIMALS);
  expect(stored).not.toMatch(/^0\d|\.\d*0$/);
  // The same number (-0 is stored as 0).
  expect(Number(stored) === Number(JSON.parse(sent)), `stored ${stored} for ${sent}`).toBe(true);
}

describe.each(STORE_KINDS)('decimal settings on the %s store', (store: StoreKind) => {
  let harness: ProxyHarness;
  beforeAll(async () => {
    harness = await startProxyAgainstStandin({}, { store });
  }, 60_000);
  afterAll(async () => {
    await harness.close();
  });

  const send = (method: string, path: string, body: string) => harness.api(path, { method, body });
  /** The meter every page reads still passes the contract. */
  async function sessionReadable() {
    const response = await harness.api('/api/_session');
    expect(response.status).toBe(200);
    const read = v.safeParse(sessionStateSchema, await response.json());
    expect(read.issues?.map((issue) => v.getDotPath(issue))).toBeUndefined();
  }

  /** Refused 400 naming the field and something specific (not only the body's shape), or accepted. */
  async function refusedOrAccepted(response: Response, field: string, sent: string): Promise<boolean> {
    if (response.status === 400) {
      const { error } = (await response.json()) as { error: { kind: string; message: string } };
      expect(error.kind).toBe('bad_request');
      expect(error.message, `refusal of ${sent}`).toMatch(new RegExp(`${field} (".*" |\\S+ )?${REASONS.source}`));
      return false;
    }
    expect(response.status, `status for ${sent}`).toBeLessThan(300);
    return true;
  }

  it('PUT /api/_session/budget: each hostile limit refused with its reason, or stored plain', async () => {
    let accepted = 0;
    for (const sent of HOSTILE) {
      const response = await send('PUT', '/api/_session/budget', `{"limit":${sent}}`);
      if (await refusedOrAccepted(response, 'limit', sent)) {
        accepted += 1;
        expectCanonical((await harness.state()).budget.personalLimit, sent);
      }
      await sessionReadable();
    }
    expect(accepted).toBe(6);
    const padded = await send('PUT', '/api/_session/budget', '{"limit":"00.5000"}');
    expect(((await padded.json()) as { budget: { personalLimit: string } }).budget.personalLimit).toBe('0.5');
    const exponent = await send('PUT', '/api/_session/budget', '{"limit":"1e-7"}');
    expect(await exponent.json()).toMatchObject({ error: { message: expect.stringMatching(/exponent form/) } });
    const tiny = await send('PUT', '/api/_session/budget', '{"limit":0.0000001}');
    expect(await tiny.json()).toMatchObject({ error: { message: expect.stringMatching(/more than 6 decimals/) } });
    expect((await harness.state()).budget.personalLimit).toBe('0.5');
  });

  it('POST /api/_spend/alerts: each hostile threshold refused with its reason, or stored plain (credits, and % of the limit)', async () => {
    for (const kind of ['session', 'today'] as const) {
      let accepted = 0;
      for (const sent of HOSTILE) {
        const response = await send('POST', '/api/_spend/alerts', `{"kind":"${kind}","threshold":${sent}}`);
        if (await refusedOrAccepted(response, 'threshold', sent)) {
          accepted += 1;
          const { alerts } = v.parse(spendAlertsSchema, await response.json());
          expectCanonical(alerts.at(-1)?.threshold, sent);
          await harness.api(`/api/_spend/alerts/${alerts.at(-1)!.id}`, { method: 'DELETE' });
        }
        await sessionReadable();
      }
      // 0.5, 2, 00.5000, 0.000001; "above 0" refuses 0 and -0.
      expect(accepted, kind).toBe(4);
    }
  });

  it('POST /api/_jobs: each hostile acceptedMaxCredits refused with its reason before anything is bought', async () => {
    for (const sent of HOSTILE) {
      const response = await send(
        'POST',
        '/api/_jobs',
        `{"handles":["ada__dec"],"timeline":{"pages":1},"acceptedMaxCredits":${sent}}`,
      );
      // Accepted in form, it goes on to the quote (no price learnt yet on this server): 409, nothing bought.
      if (response.status === 409) {
        const { error } = (await response.json()) as { error: { message: string } };
        expect(error.message).toMatch(/^The (quote changed|price of a timeline page is not known)/);
      } else expect(await refusedOrAccepted(response, 'acceptedMaxCredits', sent)).toBe(false);
      await sessionReadable();
    }
    expect(await harness.upstreamLog('ada__dec')).toHaveLength(0);
  });
});

describe.each(STORE_KINDS)('a decimal stored in another form, on the %s store', (store: StoreKind) => {
  it('is repaired at start: "1e-7" written straight into the tables reads as plain digits once the server starts', async () => {
    const past = await scratchStore(store);
    try {
      // As an older version (or a hand) wrote them, past every route: the limit, an alert, a learnt price.
      const opened = await openScratch(past);
      await opened.ledger.setPersonalLimit(null, '1e-7');
      await opened.db.write(async (trx) => {
        await trx
          .insertInto('spend_alerts')
          .values({ id: 'a1', kind: 'session', threshold: '5e-7', created_at: new Date().toISOString() })
          .execute();
        await trx
          .insertInto('prices')
          .values({ operation: 'search', last: '2e-7', highest: '2e-7', highest_nano: 0 })
          .onConflict((conflict) => conflict.column('operation').doUpdateSet({ last: '2e-7', highest: '2e-7' }))
          .execute();
      });
      await opened.close();

      const harness = await startProxyAgainstStandin({}, { store, shareStoreOf: past });
      try {
        const read = v.safeParse(sessionStateSchema, await (await harness.api('/api/_session')).json());
        expect(read.issues?.map((issue) => v.getDotPath(issue))).toBeUndefined();
        expect(read.output).toMatchObject({
          budget: { personalLimit: '0.0000001', limit: '0.0000001' },
          prices: { search: '0.0000002' },
        });
        const alerts = v.parse(spendAlertsSchema, await (await harness.api('/api/_spend/alerts')).json());
        expect(alerts.alerts.map((alert) => alert.threshold)).toEqual(['0.0000005']);
      } finally {
        await harness.close();
      }
    } finally {
      await past.remove();
    }
  });
});
