import type { IncomingHttpHeaders } from 'node:http';
import { DATE_STYLE_COOKIE } from '../../src/contract/cookies.ts';
import { knownLocale, parseDateStyleCookie, type DateStyle } from '../../src/contract/dates/date-style.ts';

/** Before the browser has said (a first visit, cookies off): UTC, and the first language it accepts. */
const FALLBACK_ZONE = 'UTC';
const FALLBACK_LOCALE = 'en-US';

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

function acceptedLocale(header: string | undefined): string | undefined {
  const first = header?.split(',')[0]?.split(';')[0]?.trim();
  return first && first !== '*' && knownLocale(first) ? first : undefined;
}

/** The zone, locale and moment a page rendered for this request writes its dates in (src/lib/use-date-style.ts). */
export function requestDateStyle(headers: IncomingHttpHeaders, now = Date.now()): Required<DateStyle> {
  const reported = parseDateStyleCookie(cookieValue(headers.cookie, DATE_STYLE_COOKIE));
  return {
    timeZone: reported.timeZone ?? FALLBACK_ZONE,
    locale: reported.locale ?? acceptedLocale(headers['accept-language']) ?? FALLBACK_LOCALE,
    now,
  };
}

const ATTRIBUTE_UNSAFE = /[&"<>]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };

/** Named on the rendered root, so hydration writes the same text (src/main.tsx reads them back). */
export function dateStyleAttributes(style: Required<DateStyle>): string {
  const quoted = (value: string) => `"${value.replace(ATTRIBUTE_UNSAFE, (character) => ENTITIES[character]!)}"`;
  return `data-time-zone=${quoted(style.timeZone)} data-locale=${quoted(style.locale)} data-now=${quoted(String(style.now))}`;
}
