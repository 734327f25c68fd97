import { describe, expect, it } from 'vitest';
import { displayUrl, splitEntities } from './entities';

describe('splitEntities', () => {
  it('splits a post into text, mention, known short link and hashtag', () => {
    const links = [
      {
        url: 'https://t.co/abc',
        expandedUrl: 'https://example.org/articles/1/notes',
        displayUrl: 'example.org/articles/1…',
      },
    ];
    expect(splitEntities('Reading with @grace — more at https://t.co/abc #compilers', { links })).toEqual([
      { kind: 'text', text: 'Reading with ' },
      { kind: 'mention', text: '@grace', handle: 'grace' },
      { kind: 'text', text: ' — more at ' },
      { kind: 'link', text: 'example.org/articles/1…', href: 'https://example.org/articles/1/notes' },
      { kind: 'text', text: ' ' },
      { kind: 'hashtag', text: '#compilers', tag: 'compilers' },
    ]);
  });

  it('links bare URLs, trimming sentence punctuation and unbalanced brackets', () => {
    expect(splitEntities('See https://example.org/notes. (and https://example.org/a_(b)) ok')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'example.org/notes', href: 'https://example.org/notes' },
      { kind: 'text', text: '. (and ' },
      { kind: 'link', text: 'example.org/a_(b)', href: 'https://example.org/a_(b)' },
      { kind: 'text', text: ') ok' },
    ]);
  });

  it('never links a hostile expanded URL, falling back to the safe short link', () => {
    const links = [{ url: 'https://t.co/evil', expandedUrl: null, displayUrl: '<img src=x>evil.example' }];
    expect(splitEntities('click https://t.co/evil', { links })).toEqual([
      { kind: 'text', text: 'click ' },
      { kind: 'link', text: 't.co/evil', href: 'https://t.co/evil' },
    ]);
  });

  it('keeps javascript: and markup as text', () => {
    expect(splitEntities('<script>x</script> javascript:alert(1)')).toEqual([
      { kind: 'text', text: '<script>x</script> javascript:alert(1)' },
    ]);
  });

  it('ignores e-mail addresses, HTML entities and digit-only hashtags', () => {
    expect(splitEntities('mail ada@example.org &#39; #1 #a1 C#')).toEqual([
      { kind: 'text', text: 'mail ada@example.org &#39; #1 ' },
      { kind: 'hashtag', text: '#a1', tag: 'a1' },
      { kind: 'text', text: ' C#' },
    ]);
  });

  it('finds unicode hashtags and keeps line breaks in text', () => {
    expect(splitEntities('Première ligne\n#café\n\nfin')).toEqual([
      { kind: 'text', text: 'Première ligne\n' },
      { kind: 'hashtag', text: '#café', tag: 'café' },
      { kind: 'text', text: '\n\nfin' },
    ]);
  });

  it('drops a trailing media short link only when asked and when it is not a known link', () => {
    expect(splitEntities('Four in a grid. https://t.co/Xy12', { dropTrailingMediaLink: true })).toEqual([
      { kind: 'text', text: 'Four in a grid.' },
    ]);
    expect(splitEntities('Read https://t.co/Xy12', { dropTrailingMediaLink: false })[1]).toEqual({
      kind: 'link',
      text: 't.co/Xy12',
      href: 'https://t.co/Xy12',
    });
  });

  it('returns no segments for empty text', () => {
    expect(splitEntities('')).toEqual([]);
  });
});

describe('displayUrl', () => {
  it('drops the scheme and www, and shortens long URLs', () => {
    expect(displayUrl('https://www.example.org/')).toBe('example.org');
    expect(displayUrl('https://example.org/a/very/long/path/that/goes/on')).toBe('example.org/a/very/long/path/th…');
  });
});
