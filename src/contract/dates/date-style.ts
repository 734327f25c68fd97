import { DATE_STYLE_COOKIE } from '../cookies.ts';

/**
 * How dates are written: in which time zone and locale, relative to which moment. In the browser all three
 * are the browser's own (left unset). A page rendered on the server is written with the zone and locale the
 * browser reported in this cookie (the first visit has none: UTC and the Accept-Language), and its HTML
 * names them so hydration renders the same text before switching to the browser's own (src/lib/use-date-style.ts).
 */
export interface DateStyle {
  timeZone?: string;
  locale?: string;
  now?: number;
}

/** The browser's zone and locale, as `Intl` resolves them: what the cookie carries. */
export function browserDateStyle(): Required<Omit<DateStyle, 'now'>> {
  const { timeZone, locale } = new Intl.DateTimeFormat().resolvedOptions();
  return { timeZone, locale };
}

/** `Europe/Berlin de-DE`, URL-encoded for a cookie value. */
export function dateStyleCookieValue(style: Required<Omit<DateStyle, 'now'>>): string {
  return encodeURIComponent(`${style.timeZone} ${style.locale}`);
}

/** Read from a cookie value; a zone or locale this runtime does not know is dropped, never thrown. */
export function parseDateStyleCookie(value: string | undefined): Omit<DateStyle, 'now'> {
  if (!value || value.length > 200) return {};
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return {};
  }
  const [timeZone, locale] = decoded.split(' ');
  return {
    ...(timeZone && knownZone(timeZone) ? { timeZone } : {}),
    ...(locale && knownLocale(locale) ? { locale } : {}),
  };
}

export function knownZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export function knownLocale(locale: string): boolean {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([locale]).length === 1;
  } catch {
    return false;
  }
}

/** Tells the server this browser's zone and locale for the next page it renders (a year; cookies off: UTC). */
export function reportBrowserDateStyle() {
  try {
    const value = dateStyleCookieValue(browserDateStyle());
    if (document.cookie.split(';').some((part) => part.trim() === `${DATE_STYLE_COOKIE}=${value}`)) return;
    document.cookie = `${DATE_STYLE_COOKIE}=${value}; Path=/; Max-Age=31536000; SameSite=Lax`;
  } catch {
    /* cookies blocked: pages are written in UTC first, then redrawn in the browser's zone */
  }
}
