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

/** "14:03:27" in the viewer's locale: ledger rows of one session, or the pages of one timeline, are close together in time. */
export function clockTime(iso: string | number): string {
  return formatDate(new Date(iso), undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}
