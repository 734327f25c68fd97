import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { echoedForms } from '../standin/echo.ts';
import type { StoreKind } from '../store/open.ts';
import { startProxyAgainstStandin, type ProxyHarness } from '../testing/harness.ts';
import { STORE_KINDS } from '../testing/postgres.ts';
import { HEADER } from '../../src/contract/index.ts';

/**
 * An upstream that echoes the token in every form of server/standin/echo.ts (one encoder or two, base64
 * in each alignment), in a 200's posts and in a 500's message, each time in headers too: no form may
 * reach any place the proxy's answer goes. One stand-in, every form at once.
 */

// Every character of it changes under some encoder: `/ + = " é` and a space; `~` under a form encoder but not encodeURIComponent.
const TOKEN = 'sk/test+3f9a="é" 7c1e~5b2d';
const FORMS = echoedForms(TOKEN);

/** A form as the places store it: as is, JSON-escaped once (a JSON answer, a database row) or twice (a body inside JSON), CSV-quoted. */
function writtenAs(value: string): string[] {
  const json = JSON.stringify(value).slice(1, -1);
  return [...new Set([value, json, JSON.stringify(json).slice(1, -1), value.replace(/"/g, '""')])];
}

/** Each form that can be read in `text`, named with the place. */
function leaks(place: string, text: string): string[] {
  return Object.entries(FORMS)
    .filter(([, value]) => writtenAs(value).some((written) => text.includes(written)))
    .map(([name]) => `${name} in ${place}`);
}

/** Every row of every table of a PostgreSQL database, as JSON text. */
async function postgresRows(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
    );
    const rows = await Promise.all(
      tables.rows.map(({ name }) =>
        client.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM "${name}" t`),
      ),
    );
    return rows.flatMap((result) => result.rows.map(({ row }) => row)).join('\n');
  } finally {
    await client.end();
  }
}

describe.each(STORE_KINDS)('an upstream echoing the token in every encoding (%s store)', (store: StoreKind) => {
  let harness: ProxyHarness;
  /** Another server process on the same store: what the inspector rebuilds from the store. */
  let other: ProxyHarness;
  beforeAll(async () => {
    harness = await startProxyAgainstStandin({}, { store, token: TOKEN });
    other = await startProxyAgainstStandin(
      {},
      { shareStoreOf: { dataDir: harness.dataDir, databaseUrl: harness.databaseUrl }, token: TOKEN },
    );
  });
  afterAll(async () => {
    await other?.close();
    await harness?.close();
  });

  it('finds none of its forms in the answer, the inspector, the ledger, the exports, find, the store or the logs', async () => {
    const logged: unknown[][] = [];
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) =>
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        logged.push(args);
      }),
    );
    try {
      await harness.fault({ match: 'ada__echo_refused', status: 500, body: 'echo-forms' });
      const page = '/api/v1/social/microblog/posts?screen_name=ada__echo_forms';
      const [bought, refused] = await Promise.all([
        harness.api(page),
        harness.api('/api/v1/social/microblog/posts?screen_name=ada__echo_refused'),
      ]);
      expect([bought.status, refused.status]).toEqual([200, 500]);
      const again = await harness.api(page);
      expect(again.headers.get(HEADER.source)).toBe('archive');
      const ids = [bought, refused].map((answer) => answer.headers.get(HEADER.callId)!);

      const read = async (response: Response) => `${JSON.stringify([...response.headers])}\n${await response.text()}`;
      const answers = await Promise.all([bought, refused, again].map(read));
      const inspected = await Promise.all(
        ids.map(async (id) => (await harness.api(`/api/_session/calls/${id}`)).text()),
      );
      const places: Record<string, string> = {
        'the answers': answers.join('\n'),
        'the inspector': inspected.join('\n'),
        'the inspector from the store': (
          await Promise.all(ids.map(async (id) => (await other.api(`/api/_session/calls/${id}`)).text()))
        ).join('\n'),
        'the ledger': (
          await Promise.all(
            [
              '/api/_session',
              '/api/_session/calls?limit=500',
              '/api/_history/ledger.json',
              '/api/_history/ledger.csv',
            ].map(async (url) => (await harness.api(url)).text()),
          )
        ).join('\n'),
        'the archive export': (
          await Promise.all(
            ['/api/_history', '/api/_history/archive.ndjson'].map(async (url) => (await harness.api(url)).text()),
          )
        ).join('\n'),
      };
      places.find = await (await harness.api('/api/_archive/search?q=echoed')).text();
      places['the store'] = harness.databaseUrl
        ? await postgresRows(harness.databaseUrl)
        : // The database file and its write-ahead log (where the latest commits are before a checkpoint), byte for byte.
          ['creditscope.db', 'creditscope.db-wal']
            .map((name) => fs.readFileSync(path.join(harness.dataDir, name), 'utf8'))
            .join('\n');
      places['the logs'] = JSON.stringify(logged);

      expect(Object.entries(places).flatMap(([place, text]) => leaks(place, text))).toEqual([]);
      // The echo did arrive, in every place: every form in the body, the headers passed on and kept, the store and find.
      const names = Object.keys(FORMS);
      expect(answers[0]!.match(/ echoed \w+ /g)).toHaveLength(names.length);
      expect(Object.keys(JSON.parse(inspected[0]!).attemptHeaders[0])).toEqual(
        expect.arrayContaining(names.map((name) => `x-ratelimit-echo-${name.toLowerCase()}`)),
      );
      expect(places['the store'], 'the store holds the echoing page').toContain('echoed hexLower');
      expect(JSON.parse(places.find).hits.length, 'find indexed the echoing posts').toBeGreaterThan(0);
    } finally {
      spies.forEach((spy) => spy.mockRestore());
    }
  });
});
