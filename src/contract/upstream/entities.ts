import { safeHttpUrl } from '../url.ts';

/** One run of post or bio text: plain text, or something the UI turns into a link. Never HTML. */
export type Segment =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'mention'; text: string; handle: string }
  | { kind: 'hashtag'; text: string; tag: string };

/** A short link as the upstream's `entities.urls` describes it (already normalised by the API layer). */
export interface KnownLink {
  url: string;
  expandedUrl: string | null;
  displayUrl: string;
}

export interface SplitOptions {
  links?: readonly KnownLink[];
  /** Drop a trailing short link that is not a known link: the upstream appends one for attached media. */
  dropTrailingMediaLink?: boolean;
}

// URL | @mention (not inside an e-mail or word) | #hashtag (not an HTML entity, not digits only).
const TOKEN =
  /(https?:\/\/[^\s<>"'`]+)|(?<![\p{L}\p{N}_@])@([A-Za-z0-9_]{1,50})|(?<![\p{L}\p{N}_&#])[#＃]([\p{L}\p{N}_]*[\p{L}_][\p{L}\p{N}_]*)/gu;
const TRAILING_PUNCTUATION = /[.,;:!?…'"»]+$/u;
const MEDIA_LINK = /\s*https:\/\/t\.co\/[A-Za-z0-9]+\s*$/;

/** `https://www.example.org/a/very/long/path` → `example.org/a/very/long/pa…`, the way the platform shows bare links. */
export function displayUrl(href: string, max = 32): string {
  const bare = href
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/\/$/, '');
  return bare.length > max ? `${bare.slice(0, max - 1)}…` : bare;
}

/** A URL match may swallow the sentence's punctuation or a closing bracket it did not open. */
function trimUrl(raw: string): string {
  let url = raw.replace(TRAILING_PUNCTUATION, '');
  while (url.endsWith(')') && (url.match(/\(/g)?.length ?? 0) < (url.match(/\)/g)?.length ?? 0)) {
    url = url.slice(0, -1).replace(TRAILING_PUNCTUATION, '');
  }
  return url;
}

function linkSegment(url: string, links: readonly KnownLink[]): Segment {
  const known = links.find((link) => link.url === url);
  if (known?.expandedUrl) {
    const href = safeHttpUrl(known.expandedUrl);
    if (href) return { kind: 'link', text: known.displayUrl || displayUrl(href), href };
  }
  const href = safeHttpUrl(url);
  return href ? { kind: 'link', text: displayUrl(href), href } : { kind: 'text', text: url };
}

function push(segments: Segment[], segment: Segment) {
  const last = segments[segments.length - 1];
  if (segment.kind === 'text' && last?.kind === 'text') last.text += segment.text;
  else if (segment.kind !== 'text' || segment.text) segments.push(segment);
}

/**
 * Splits untrusted text into text, link, mention and hashtag runs for React to render as text and
 * elements. Links come only from `http(s)` URLs (known short links point at their expanded URL).
 */
export function splitEntities(input: string, options: SplitOptions = {}): Segment[] {
  const links = options.links ?? [];
  let text = input;
  if (options.dropTrailingMediaLink) {
    const trailing = MEDIA_LINK.exec(text);
    if (trailing && !links.some((link) => link.url === trailing[0].trim())) text = text.slice(0, trailing.index);
  }
  const segments: Segment[] = [];
  let cursor = 0;
  for (const match of text.matchAll(TOKEN)) {
    const [whole, url, handle, tag] = match;
    const start = match.index;
    if (url !== undefined) {
      const trimmed = trimUrl(url);
      if (!trimmed.replace(/^https?:\/\//i, '')) continue;
      push(segments, { kind: 'text', text: text.slice(cursor, start) });
      push(segments, linkSegment(trimmed, links));
      cursor = start + trimmed.length;
    } else if (handle !== undefined) {
      push(segments, { kind: 'text', text: text.slice(cursor, start) });
      push(segments, { kind: 'mention', text: whole, handle });
      cursor = start + whole.length;
    } else if (tag !== undefined) {
      push(segments, { kind: 'text', text: text.slice(cursor, start) });
      push(segments, { kind: 'hashtag', text: whole, tag });
      cursor = start + whole.length;
    }
  }
  push(segments, { kind: 'text', text: text.slice(cursor) });
  return segments;
}
