import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  handleOf,
  ignoredParams,
  isValidHl,
  normaliseSite,
  pickSearch,
  searchRouteSchema,
  toApiParams,
} from './params';

describe('normaliseSite', () => {
  it.each([
    ['example.org', 'example.org'],
    ['https://www.Example.org/docs/page?x=1#top', 'example.org'],
    ['http://docs.example.com', 'docs.example.com'],
    ['www.example.org/path', 'example.org'],
    ['  wiki.example.net  ', 'wiki.example.net'],
    ['example.org.', 'example.org'],
    ['https://user:pw@sub.example.io:8080/x', 'sub.example.io'],
  ])('%s → %s', (input, expected) => expect(normaliseSite(input)).toBe(expected));

  it.each([
    '',
    '   ',
    'localhost',
    'not a domain',
    'javascript:alert(1)',
    'ftp://example.org',
    'exa mple.org',
    '-bad.org',
    'http://',
  ])('rejects %j', (input) => {
    expect(normaliseSite(input)).toBeNull();
  });
});

describe('isValidHl', () => {
  it.each(['en', 'fr', 'zh-CN', 'pt-BR', 'fil', 'sr-Latn'])('accepts %s', (code) => expect(isValidHl(code)).toBe(true));
  it.each(['', 'EN', 'e', 'english', 'en_US', 'en-', 'en-USAXX', '<b>'])('rejects %j', (code) =>
    expect(isValidHl(code)).toBe(false),
  );
});

describe('searchRouteSchema', () => {
  const parse = (raw: Record<string, unknown>) => v.parse(searchRouteSchema, raw);

  it('keeps good values and normalises site', () => {
    expect(parse({ q: ' engines ', num: 20, page: '2', site: 'https://www.example.org/x', hl: 'fr' })).toEqual({
      q: 'engines',
      num: 20,
      page: 2,
      site: 'example.org',
      hl: 'fr',
    });
  });

  it('reads a numeric query as text', () => expect(parse({ q: 123 }).q).toBe('123'));

  it('falls back to "not set" for each bad value, never throws', () => {
    expect(parse({ q: { a: 1 }, num: 500, page: 0, site: 'nope', hl: 'english' })).toEqual({
      q: undefined,
      num: undefined,
      page: undefined,
      site: undefined,
      hl: undefined,
    });
    expect(parse({ num: 2.5, page: 'two' })).toMatchObject({ num: undefined, page: undefined });
  });

  it('names what was ignored and why', () => {
    const raw = { q: 'x', num: 500, hl: 'english', utm: 'a' };
    expect(ignoredParams(raw, parse(raw)).map((item) => `${item.name}=${item.value}`)).toEqual([
      'num=500',
      'hl=english',
      'utm=a',
    ]);
    expect(ignoredParams({ q: 'x', site: '' }, parse({ q: 'x', site: '' }))).toEqual([]);
  });
});

describe('toApiParams', () => {
  it('carries only what is set', () => {
    expect(toApiParams({ q: 'x' })).toEqual({ q: 'x' });
    expect(toApiParams({ q: 'x', num: 5, page: 2, site: 'example.org', hl: 'de' })).toEqual({
      q: 'x',
      num: 5,
      page: 2,
      site: 'example.org',
      hl: 'de',
    });
    expect(toApiParams({})).toEqual({ q: '' });
  });
});

describe('handleOf', () => {
  it.each([
    ['@jack', 'jack'],
    [' @ada_l ', 'ada_l'],
    ['jack', null],
    ['@ja ck', null],
    ['email@x.org', null],
  ])('%j → %j', (query, expected) => {
    expect(handleOf(query)).toBe(expected);
  });
});

describe('pickSearch', () => {
  it('drops unknown and unset keys and fixes the order', () => {
    const messy = { hl: 'fr', utm: 'x', q: 'a', num: undefined } as Parameters<typeof pickSearch>[0];
    expect(JSON.stringify(pickSearch(messy))).toBe('{"q":"a","hl":"fr"}');
  });
});
