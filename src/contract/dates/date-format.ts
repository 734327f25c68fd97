import type { DateStyle } from './date-style';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * `date.toLocaleString(locale, options)` with the formatter kept: each toLocale*String call builds a new
 * Intl.DateTimeFormat, and a timeline page renders two dates per post (and a line per bought page), so
 * building them was a large share of mounting a page of cards.
 */
export function formatDate(date: Date, locale: string | undefined, options: Intl.DateTimeFormatOptions): string {
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format.format(date);
}

/** The calendar day in a time zone (the runtime's when none): two moments on one day there read as one day. */
export function dayOf(date: Date, timeZone: string | undefined): string {
  return formatDate(date, 'en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone });
}

function yearOf(date: Date, timeZone: string | undefined): string {
  return formatDate(date, 'en-CA', { year: 'numeric', timeZone });
}

/**
 * The few ways a date or time is written, the same on every page: a month by its short name, never a number
 * or ISO (those stay in files and `datetime` attributes), and the hour as the reader's language writes it
 * (12- or 24-hour), never zero-padded beside an unpadded one. English: "5:15 PM", "Nov 18", "Nov 18, 2024,
 * 5:15 PM", "Nov 2024"; German: "17:15", "18. Nov.", "18. Nov. 2024, 17:15", "Nov. 2024".
 */
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const DAY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };
export const DATE_STYLES = {
  time: TIME,
  timeWithSeconds: { ...TIME, second: '2-digit' },
  day: DAY,
  dayInYear: { ...DAY, year: 'numeric' },
  dayAndTime: { ...DAY, ...TIME },
  dayInYearAndTime: { ...DAY, year: 'numeric', ...TIME },
  month: { month: 'short', year: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyleName = keyof typeof DATE_STYLES;

/**
 * A moment written in one of the styles above, in the reader's zone and language (`style`: a page the server
 * renders, and the browser hydrating it, pass the request's; src/lib/use-date-style.ts). Every date on a page
 * goes through here.
 */
export function writeDate(at: Date | number | string, name: DateStyleName, { locale, timeZone }: DateStyle = {}) {
  return formatDate(at instanceof Date ? at : new Date(at), locale, { ...DATE_STYLES[name], timeZone });
}

/** A day, with its year only when that is not this year's: "Nov 18", "Nov 18, 2024". */
export function writeDay(at: Date | number | string, style: DateStyle = {}, now = style.now ?? Date.now()): string {
  const date = at instanceof Date ? at : new Date(at);
  const sameYear = yearOf(date, style.timeZone) === yearOf(new Date(now), style.timeZone);
  return writeDate(date, sameYear ? 'day' : 'dayInYear', style);
}

/** A day and its time, with the year only when that is not this year's: "Nov 22, 2:02 PM". */
export function writeDayAndTime(at: Date | number | string, style: DateStyle = {}, now = style.now ?? Date.now()) {
  const date = at instanceof Date ? at : new Date(at);
  const sameYear = yearOf(date, style.timeZone) === yearOf(new Date(now), style.timeZone);
  return writeDate(date, sameYear ? 'dayAndTime' : 'dayInYearAndTime', style);
}

/** The time alone today, else the day too: when something was bought. */
export function writeTimeOrDay(at: Date | number | string, style: DateStyle = {}, now = style.now ?? Date.now()) {
  const date = at instanceof Date ? at : new Date(at);
  if (dayOf(date, style.timeZone) === dayOf(new Date(now), style.timeZone)) return writeDate(date, 'time', style);
  return writeDayAndTime(date, style, now);
}

/** "14:03:27" / "2:03:27 PM" in the viewer's language: ledger rows of one session are close together in time. */
export function clockTime(iso: string | number): string {
  return writeDate(iso, 'timeWithSeconds');
}

/** An ISO time as a medium date and a short time, in the reader's zone ("Nov 27, 2026, 5:21 PM"). */
export function dateTime(iso: string): string {
  return formatDate(new Date(iso), undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
