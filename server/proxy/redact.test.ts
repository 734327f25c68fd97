import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.ts';
import { encodings, startEchoUpstream } from '../testing/echo-upstream.ts';
import { startProxyAgainstStandin, type ProxyHarness } from '../testing/harness.ts';
import { createApiHandler } from './handler.ts';
import { createRedactor } from './redact.ts';
import { HEADER } from '../../src/contract/index.ts';

// One token whose every character changes under some encoding, and one that no encoding changes but base64.
const TOKENS = ['tok/en"+ é=secret', 'plain0token0a9b8c7d6e5f4'];

/** Every spelling of the token the test knows of, from real encoders; base64 also by its middle, whatever its alignment. */
function forbidden(token: string): string[] {
  const spelt = Object.values(encodings(token));
  const base64 = [Buffer.from(token, 'utf8'), Buffer.from(token, 'latin1')].flatMap((bytes) =>
    [0, 1, 2].map((offset) =>
      Buffer.concat([Buffer.alloc(offset, 0x41), bytes])
        .toString('base64')
        .slice(offset + 2, -3),
    ),
  );
  return [...new Set([...spelt, ...base64, Buffer.from(token, 'utf8').toString('latin1')])];
}

/** The strings a JSON body holds once its escapes are undone, and the text percent-decoded. */
function decoded(text: string): string[] {
  const strings: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') strings.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  try {
    walk(JSON.parse(text));
  } catch {
    /* not JSON: checked as bytes only */
  }
  try {
    strings.push(decodeURIComponent(text.replace(/\+/g, ' ')));
  } catch {
    /* not percent-encoded */
  }
  return strings;
}

function expectClean(token: string, what: string, text: string) {
  for (const spelling of forbidden(token))
    expect(text, `${what} contains ${JSON.stringify(spelling)}`).not.toContain(spelling);
  for (const value of decoded(text)) expect(value, `${what}, decoded`).not.toContain(token);
}

describe.each(TOKENS)('an upstream that echoes the token %j', (token) => {
  let echo: Awaited<ReturnType<typeof startEchoUpstream>>;
  let harness: ProxyHarness;
  beforeAll(async () => {
    echo = await startEchoUpstream();
    harness = await startProxyAgainstStandin({ API_TOKEN: token }, { baseUrl: echo.url });
  });
  afterAll(async () => {
    await harness.close();
    await echo.close();
  });

  it('never reaches the browser in any encoding, in a body or a header, for a 200 or a 500, nor any log', async () => {
    const logged: unknown[][] = [];
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) =>
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        logged.push(args);
      }),
    );
    try {
      const names = Object.keys(encodings(token)).flatMap((name) => [`${name}_200`, `${name}_500`]);
      const answers = await Promise.all(
        names.map((name) => harness.api(`/api/v1/social/microblog/posts?screen_name=${name}`)),
      );
      expect(answers.map((answer) => answer.status)).toEqual(names.map((name) => (name.endsWith('_200') ? 200 : 500)));
      const { rows } = await harness.state();
      expect(rows).toHaveLength(names.length);
      // Asked again, the 200s come from the archive: what was stored must be as clean as what was sent.
      const archived = await Promise.all(
        names
          .filter((name) => name.endsWith('_200'))
          .map((name) => harness.api(`/api/v1/social/microblog/posts?screen_name=${name}`)),
      );
      expect(archived.map((answer) => answer.headers.get(HEADER.source))).toEqual(archived.map(() => 'archive'));
      const more = await Promise.all([
        ...archived,
        harness.api('/api/_session'),
        harness.api('/api/_session/calls?limit=500'),
        ...rows.map((row) => harness.api(`/api/_session/calls/${row.id}`)),
        harness.api('/api/_history'),
        harness.api('/api/_history/archive.ndjson'),
        harness.api('/api/_history/ledger.json'),
        harness.api('/api/_history/ledger.csv'),
      ]);
      let redactions = 0;
      for (const [index, response] of [...answers, ...more].entries()) {
        const what = names[index] ?? response.url;
        const text = await response.text();
        const headers = JSON.stringify([...response.headers]);
        redactions += text.split('[redacted]').length - 1;
        expectClean(token, `${what} body`, text);
        expectClean(token, `${what} headers`, headers);
        // The echo did reach the proxy: what it passes on of it (Retry-After) is there, redacted.
        if (index < names.length) expect(response.headers.get('retry-after'), what).toContain('[redacted]');
      }
      expect(redactions).toBeGreaterThan(names.length);
      // The store on disk, byte for byte: the database file and its write-ahead log, where the latest commits are
      // before a checkpoint (read while the proxy still has it open), in both readings of its bytes.
      const files = ['creditscope.db', 'creditscope.db-wal'].map((name) => path.join(harness.dataDir, name));
      expect(fs.statSync(files[1]!).size, 'the write-ahead log holds the commits').toBeGreaterThan(0);
      expect(files.map((file) => fs.readFileSync(file, 'latin1')).join(''), 'the store holds the purchases').toContain(
        `${names[0]}"`,
      );
      for (const file of files) {
        const bytes = fs.readFileSync(file);
        expectClean(token, path.basename(file), bytes.toString('utf8'));
        expectClean(token, `${path.basename(file)} (as latin1)`, bytes.toString('latin1'));
      }
      expectClean(token, 'the console', JSON.stringify(logged));
    } finally {
      spies.forEach((spy) => spy.mockRestore());
    }
  });

  it('is absent from the start-up line', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-describe-'));
    const handler = await createApiHandler(
      loadConfig({ API_BASE_URL: 'https://gw.example.com/tenant-a', API_TOKEN: token, CREDITSCOPE_DATA_DIR: dataDir }),
    );
    try {
      const line = handler.describe();
      expect(line).toContain('upstream https://gw.example.com/tenant-a with the token from API_TOKEN');
      expectClean(token, 'describe()', line);
    } finally {
      await handler.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** Real encoders, each text → text; base64 also of a text inside a longer one (its three alignments). */
const percentAll = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0').toUpperCase()}`).join('');
const ENCODERS: Record<string, (text: string) => string> = {
  json: (text) => JSON.stringify(text).slice(1, -1),
  jsonUnicode: (text) =>
    Array.from(
      { length: text.length },
      (_, index) => `\\u${text.charCodeAt(index).toString(16).padStart(4, '0')}`,
    ).join(''),
  uri: encodeURIComponent,
  uriLower: (text) => encodeURIComponent(text).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
  form: (text) => new URLSearchParams({ text }).toString().slice('text='.length),
  percent: percentAll,
  percentLower: (text) => percentAll(text).toLowerCase(),
  html: (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
  htmlDecimal: (text) => [...text].map((char) => `&#${char.codePointAt(0)};`).join(''),
  htmlHex: (text) => [...text].map((char) => `&#x${char.codePointAt(0)!.toString(16)};`).join(''),
  hex: (text) => Buffer.from(text, 'utf8').toString('hex'),
  hexUpper: (text) => Buffer.from(text, 'utf8').toString('hex').toUpperCase(),
  base64: (text) => Buffer.from(text, 'utf8').toString('base64'),
  base64At1: (text) => Buffer.from(`:${text}`, 'utf8').toString('base64'),
  base64At2: (text) => Buffer.from(`u:${text}`, 'utf8').toString('base64'),
  base64url: (text) => Buffer.from(text, 'utf8').toString('base64url'),
  base64urlAt1: (text) => Buffer.from(`:${text}`, 'utf8').toString('base64url'),
};

describe.each(TOKENS)('the redactor, for the token %j', (token) => {
  const redactor = createRedactor(token);
  const forms = Object.entries(ENCODERS).flatMap(([inner, once]) => [
    [inner, once(token)],
    ...Object.entries(ENCODERS).map(([outer, twice]) => [`${outer} of ${inner}`, twice(once(token))]),
  ]);

  it('removes every composition of two encoders, in running text and inside a JSON string value', () => {
    expect(forms.length).toBe(17 * 18);
    const left = forms.flatMap(([name, form]) => {
      const inText = redactor.text(`see ${form} here`);
      const inJson = redactor.text(JSON.stringify({ message: `see ${form} here` }));
      return [
        ...(inText.includes(form!) || !inText.includes('[redacted]') ? [`${name} in text`] : []),
        ...(inJson.includes(JSON.stringify(form).slice(1, -1)) || !inJson.includes('[redacted]')
          ? [`${name} in JSON`]
          : []),
      ];
    });
    expect(left).toEqual([]);
  });

  it("removes spellings broken up as writers break them, and more writers' escapes", () => {
    const utf8 = Buffer.from(token, 'utf8');
    const hexBytes = [...utf8].map((byte) => byte.toString(16).padStart(2, '0'));
    const forms: Record<string, string> = {
      'base64 wrapped (MIME)': Buffer.from(`user:${token}`, 'utf8').toString('base64').replace(/.{8}/g, '$&\r\n'),
      'hex in spaced bytes': hexBytes.join(' '),
      'hex in a dump with colons': hexBytes.join(':'),
      // Readable so only where every character is ASCII (an é becomes U+FFFD): what tokens are made of.
      ...(/^[\x20-\x7e]*$/.test(token)
        ? { 'UTF-16 read as UTF-8': Buffer.from(token, 'utf16le').toString('utf8') }
        : {}),
      'zero-width characters between the characters': [...token].join('\u200b'),
      'byte escapes': hexBytes.map((byte) => `\\x${byte}`).join(''),
      'entities padded': [...token].map((char) => `&#${String(char.codePointAt(0)).padStart(4, '0')};`).join(''),
      'base64 of UTF-16LE': Buffer.from(token, 'utf16le').toString('base64'),
    };
    const left = Object.entries(forms).filter(([, form]) => {
      const redacted = redactor.text(`see ${form} here`);
      return redacted.includes(form) || !redacted.includes('[redacted]');
    });
    expect(left.map(([name]) => name)).toEqual([]);
    // Fillers are skipped only inside a spelling: the text around one stays as it was.
    expect(redactor.text(`a: b\n${hexBytes.join(' ')}\nc d`)).toBe('a: b\n[redacted]\nc d');
  });

  it('redacts a 1 MB answer in well under a second, and a text made to keep many partial matches alive too', () => {
    const post = { text: 'lorem %20 \\u0041 &amp; 0123456789abcdef QUJDRA== ', id: '1234567890' };
    const answer = JSON.stringify({ data: Array.from({ length: 14_000 }, () => post), echo: ENCODERS.hex!(token) });
    const nearMiss = Object.values(ENCODERS)
      .map((encode) => encode(token).slice(0, -3))
      .join(' ');
    const nearMisses = nearMiss.repeat(Math.ceil(1_050_000 / nearMiss.length));
    for (const text of [answer, nearMisses]) {
      expect(text.length).toBeGreaterThan(1_000_000);
      const started = performance.now();
      const redacted = redactor.text(text);
      // Milliseconds on an idle machine; the limit is generous for a busy one, and a backtracking matcher takes minutes.
      expect(performance.now() - started).toBeLessThan(1_500);
      expect(redacted.length).toBeLessThanOrEqual(text.length);
    }
  });
});
