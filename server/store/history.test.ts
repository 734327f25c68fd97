import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxyAgainstStandin, type ProxyHarness } from '../testing/harness.ts';
import { STORE_KINDS } from '../testing/postgres.ts';
import type { StoreKind } from './open.ts';
import { HEADER } from '../../src/contract/index.ts';

interface Entry {
  pageKey: string;
  operation: string;
  subject: string;
  params: Record<string, unknown>;
  boughtAt: string;
  credits: string;
  purchaseId: string;
}
interface Subject {
  operation: string;
  subject: string;
  pages: number;
  lastBoughtAt: string;
}
interface History {
  subjects: Subject[] | null;
  entries: Entry[];
  next: string | null;
}
interface Bought {
  callId: string;
  credits: string;
  body: unknown;
  operation: string;
  subject: string;
}

const TIMELINES = 60;
const SEARCHES = ['history alpha', 'history beta', 'history gamma'];
const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

/** Parses the CSV the export writes (RFC 4180: quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

describe.each(STORE_KINDS)('history and exports (%s store)', (kind: StoreKind) => {
  let harness: ProxyHarness;
  const bought = new Map<string, Bought>();

  // 60 timeline pages, an older page of one of them and 3 searches: 64 purchases, 64 archived pages. Read-only afterwards.
  beforeAll(async () => {
    harness = await startProxyAgainstStandin({}, { store: kind });
    const keep = async (response: Response, operation: string, subject: string) => {
      expect(response.status).toBe(200);
      const callId = response.headers.get(HEADER.callId)!;
      bought.set(callId, {
        callId,
        credits: response.headers.get(HEADER.credits)!,
        body: await response.json(),
        operation,
        subject,
      });
      return bought.get(callId)!;
    };
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < TIMELINES) {
          const handle = `grace__hist${next++}`;
          await keep(await harness.api(`/api/v1/social/microblog/posts?screen_name=${handle}`), 'timeline', handle);
        }
      }),
    );
    const first = bought.values().next().value!;
    const cursor = (first.body as { data: { next_cursor: string } }).data.next_cursor;
    await keep(
      await harness.api(
        `/api/v1/social/microblog/posts?screen_name=${first.subject}&cursor=${encodeURIComponent(cursor)}`,
      ),
      'timeline',
      first.subject,
    );
    for (const q of SEARCHES)
      await keep(await harness.api('/api/v1/search', { method: 'POST', body: JSON.stringify({ q }) }), 'search', q);
    expect(bought.size).toBe(TIMELINES + 1 + SEARCHES.length);
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
  });

  const get = async (pathname: string) => {
    const response = await harness.api(pathname);
    expect(response.status, await response.clone().text()).toBe(200);
    return response;
  };
  const history = async (query = '') => (await (await get(`/api/_history${query}`)).json()) as History;

  it('lists every subject with its page count, and pages through every archived page with `next`, newest first, each once', async () => {
    const firstPage = await history();
    expect(firstPage.entries).toHaveLength(50);
    // A timeline page says which stretch of posts it holds: its oldest and newest post.
    for (const entry of firstPage.entries.filter((entry) => entry.operation === 'timeline')) {
      const { posts } = entry as { posts?: { oldest: string; newest: string } };
      expect(posts?.oldest).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(posts!.oldest <= posts!.newest).toBe(true);
    }
    expect(firstPage.next).toEqual(expect.any(String));
    const subjects = firstPage.subjects!;
    expect(subjects).toHaveLength(TIMELINES + SEARCHES.length);
    const twoPages = [...bought.values()].find(
      (entry, _index, all) => all.filter((other) => other.subject === entry.subject).length === 2,
    )!;
    expect(subjects.find((subject) => subject.subject === twoPages.subject)).toMatchObject({
      operation: 'timeline',
      pages: 2,
    });
    expect(
      subjects
        .filter((subject) => subject.operation === 'search')
        .map((subject) => subject.subject)
        .sort(),
    ).toEqual([...SEARCHES].sort());

    const entries = [...firstPage.entries];
    let next = firstPage.next;
    for (let guard = 0; next !== null; guard += 1) {
      expect(guard).toBeLessThan(5);
      const page = await history(`?before=${next}`);
      // Later pages carry no overview: it is the first page's.
      expect(page.subjects).toBeNull();
      entries.push(...page.entries);
      next = page.next;
    }
    expect(entries).toHaveLength(bought.size);
    expect(new Set(entries.map((entry) => entry.pageKey)).size).toBe(bought.size);
    expect(entries.map((entry) => entry.purchaseId).sort()).toEqual([...bought.keys()].sort());
    expect(entries.every((entry, index) => index === 0 || entries[index - 1]!.boughtAt >= entry.boughtAt)).toBe(true);
    for (const entry of entries)
      expect(entry).toMatchObject({
        operation: bought.get(entry.purchaseId)!.operation,
        subject: bought.get(entry.purchaseId)!.subject,
        credits: bought.get(entry.purchaseId)!.credits,
      });
  });

  it('filters by operation and subject', async () => {
    const searches = await history('?operation=search');
    expect(searches.entries.map((entry) => entry.subject).sort()).toEqual([...SEARCHES].sort());
    expect(searches.entries.every((entry) => entry.credits === '0.2')).toBe(true);
    const one = await history(`?subject=${encodeURIComponent('history beta')}`);
    expect(one.entries).toHaveLength(1);
    expect(one.entries[0]).toMatchObject({ operation: 'search', params: { q: 'history beta', num: 10, page: '1' } });
  });

  it('exports archive.ndjson: one line per archived page, with the very answer that was bought', async () => {
    const response = await get('/api/_history/archive.ndjson');
    expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    expect(response.headers.get('content-disposition')).toMatch(
      /attachment; filename="creditscope-archive-all_now\.ndjson"/,
    );
    const lines = (await response.text()).split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(bought.size);
    const seen = new Set<string>();
    for (const line of lines) {
      const page = JSON.parse(line) as {
        operation: string;
        params: Record<string, unknown>;
        boughtAt: string;
        credits: string;
        purchaseId: string;
        answer: unknown;
      };
      const original = bought.get(page.purchaseId)!;
      expect(original, page.purchaseId).toBeDefined();
      expect(page.answer).toEqual(original.body);
      expect(page).toMatchObject({ operation: original.operation, credits: original.credits });
      seen.add(page.purchaseId);
    }
    expect(seen.size).toBe(bought.size);
    // Today only, the same; tomorrow on, nothing.
    expect(
      (await (await get(`/api/_history/archive.ndjson?from=${day(0)}&to=${day(0)}`)).text()).trim().split('\n'),
    ).toHaveLength(bought.size);
    expect(await (await get(`/api/_history/archive.ndjson?from=${day(1)}`)).text()).toBe('');
  });

  it('exports ledger.csv for a period: one line per call with its exact credits, none outside the period', async () => {
    const response = await get(`/api/_history/ledger.csv?from=${day(0)}&to=${day(0)}`);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="creditscope-ledger-${day(0)}_${day(0)}.csv"`,
    );
    const [header, ...rows] = parseCsv(await response.text());
    expect(header).toEqual([
      'id',
      'session',
      'at',
      'operation',
      'status',
      'ok',
      'credits',
      'durationMs',
      'errorKind',
      'params',
      // Who bought it (#28): empty here, where nobody signs in.
      'person',
    ]);
    expect(rows).toHaveLength(bought.size);
    expect(rows.map((row) => row[0]).sort()).toEqual([...bought.keys()].sort());
    for (const row of rows) {
      const original = bought.get(row[0]!)!;
      expect([row[3], row[4], row[5], row[6]]).toEqual([original.operation, '200', 'true', original.credits]);
      expect(JSON.parse(row[9]!)).toEqual(
        original.operation === 'search'
          ? { q: original.subject, num: 10, page: '1' }
          : expect.objectContaining({ screen_name: original.subject }),
      );
    }
    // Yesterday alone, and from tomorrow: the header and nothing else.
    expect(parseCsv(await (await get(`/api/_history/ledger.csv?from=${day(-1)}&to=${day(-1)}`)).text())).toEqual([
      header,
    ]);
    expect(parseCsv(await (await get(`/api/_history/ledger.csv?from=${day(1)}`)).text())).toEqual([header]);
    // ledger.json says the same.
    const json = (await (await get(`/api/_history/ledger.json?to=${day(0)}`)).json()) as {
      id: string;
      credits: string;
    }[];
    expect(json.map((row) => [row.id, row.credits]).sort()).toEqual(rows.map((row) => [row[0], row[6]]).sort());
  });

  it.each([
    ['/api/_history/ledger.csv?from=23-11-2026'],
    ['/api/_history/ledger.csv?from=yesterday'],
    ['/api/_history/ledger.csv?to=2026-13-45'],
    ['/api/_history/ledger.csv?to=2026-02-30'],
    ['/api/_history/ledger.csv?from=2026-02-31&to=2026-03-01'],
    ['/api/_history/archive.ndjson?from=2026-11-23T00:00:00Z'],
    ['/api/_history/archive.ndjson?from=2026-11-24&to=2026-11-23'],
    ['/api/_history/ledger.json?to=2026-00-10'],
  ])('%s is a 400 that says what a date looks like, not an export', async (pathname) => {
    const response = await harness.api(pathname);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-disposition')).toBeNull();
    const body = (await response.json()) as { error: { kind: string; message: string } };
    expect(body.error).toMatchObject({ kind: 'bad_request' });
    expect(body.error.message).toMatch(/2026-11-23/);
  });

  it.each([
    ['/api/_history?operation=likes', /operation must be timeline or search/],
    ['/api/_history?before=not-a-cursor', /before must be a cursor from a previous answer/],
    [`/api/_history?before=${Buffer.from('{"boughtAt":1}').toString('base64url')}`, /before must be a cursor/],
    ['/api/_history/nothing', /No such history endpoint/],
  ])('%s is refused with a message', async (pathname, message) => {
    const response = await harness.api(pathname);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(message);
  });
});
