import { describe, expect, it } from 'vitest';
import { boughtClock, relativeTime } from '../../src/contract/dates/format.ts';
import { DATE_STYLE_COOKIE } from '../../src/contract/cookies.ts';
import { dateStyleCookieValue } from '../../src/contract/dates/date-style.ts';
import { dateStyleAttributes, requestDateStyle } from './date-style.ts';

const cookie = (value: string) => ({ cookie: `other=1; ${DATE_STYLE_COOKIE}=${value}; last=2` });

describe('the zone and language a server-rendered page writes its dates in', () => {
  it('takes what the browser reported in its cookie', () => {
    const style = requestDateStyle(cookie(dateStyleCookieValue({ timeZone: 'Asia/Kolkata', locale: 'hi-IN' })), 5);
    expect(style).toEqual({ timeZone: 'Asia/Kolkata', locale: 'hi-IN', now: 5 });
  });

  it('falls back to UTC and the first accepted language before the browser has said', () => {
    expect(requestDateStyle({ 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' }, 1)).toEqual({
      timeZone: 'UTC',
      locale: 'fr-CA',
      now: 1,
    });
    expect(requestDateStyle({ 'accept-language': '*' }, 1).locale).toBe('en-US');
    expect(requestDateStyle({}, 1)).toEqual({ timeZone: 'UTC', locale: 'en-US', now: 1 });
  });

  it('drops a zone or language it does not know, and anything that is not one, without throwing', () => {
    for (const value of [
      'Mars%2FOlympus%20de-DE',
      '%E0%A4%A',
      'x'.repeat(500),
      encodeURIComponent('"><script> en-US'),
    ]) {
      const style = requestDateStyle({ ...cookie(value), 'accept-language': 'de-DE' }, 1);
      expect(style.timeZone).toBe('UTC');
      expect(['de-DE', 'en-US']).toContain(style.locale);
    }
  });

  it('names them on the root as attributes that cannot break out of their quotes', () => {
    expect(dateStyleAttributes({ timeZone: 'America/Sao_Paulo', locale: 'pt-BR', now: 7 })).toBe(
      'data-time-zone="America/Sao_Paulo" data-locale="pt-BR" data-now="7"',
    );
    expect(dateStyleAttributes({ timeZone: 'a"<b>&', locale: 'x', now: 1 })).toContain(
      'data-time-zone="a&quot;&lt;b&gt;&amp;"',
    );
  });
});

describe('dates written in a given zone', () => {
  const at = Date.parse('2026-12-31T20:00:00Z');
  it('puts the day and year where that zone has them', () => {
    // 20:00 UTC on New Year's Eve is already 10:00 on 1 January 2027 in Kiritimati (UTC+14).
    expect(relativeTime('2026-12-31T20:00:00Z', { now: Date.parse('2027-01-05T00:00:00Z'), timeZone: 'UTC' })).toBe(
      'Dec 31, 2026',
    );
    expect(
      relativeTime('2026-12-31T20:00:00Z', { now: Date.parse('2027-01-05T00:00:00Z'), timeZone: 'Pacific/Kiritimati' }),
    ).toBe('Jan 1');
    expect(boughtClock(at, { now: at + 3_600_000, timeZone: 'UTC', locale: 'en-GB' })).toBe('20:00');
    expect(boughtClock(at, { now: at + 5 * 3_600_000, timeZone: 'UTC', locale: 'en-GB' })).toBe('31 Dec 2026, 20:00');
    expect(boughtClock(at, { now: at + 5 * 3_600_000, timeZone: 'Pacific/Kiritimati', locale: 'en-GB' })).toBe('10:00');
  });
});
