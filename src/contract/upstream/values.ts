/**
 * Counts and dates as the upstream writes them, read into numbers and ISO strings. Only the answer schemas
 * (src/api/schemas) read them, so they load with those, not with every page that formats a date (src/contract/dates/format.ts).
 */

/** "1,234,567", "1234567", 42 or null → a number, or null when it is not a count. */
export function parseCount(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.floor(value) : null;
  if (typeof value !== 'string') return null;
  const digits = value.replace(/[,\s_]/g, '');
  return /^\d+$/.test(digits) ? Number(digits) : null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const UPSTREAM_DATE = /^[A-Z][a-z]{2} ([A-Z][a-z]{2}) (\d{1,2}) (\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2}) (\d{4})$/;

/**
 * `Wed Oct 10 20:19:24 +0000 2018` → ISO string. Parsed by hand because `Date.parse` of this
 * format differs between browsers (Safari returns NaN); ISO input is accepted as well.
 */
export function parseUpstreamDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = UPSTREAM_DATE.exec(value.trim());
  if (match) {
    const [, month, day, hours, minutes, seconds, sign, offsetHours, offsetMinutes, year] = match;
    const monthIndex = MONTHS.indexOf(month!);
    if (monthIndex < 0) return null;
    const offset = (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes));
    const time =
      Date.UTC(Number(year), monthIndex, Number(day), Number(hours), Number(minutes), Number(seconds)) -
      offset * 60_000;
    return Number.isNaN(time) ? null : new Date(time).toISOString();
  }
  if (/^\d{4}-\d{2}-\d{2}T/.test(value)) {
    const time = Date.parse(value);
    return Number.isNaN(time) ? null : new Date(time).toISOString();
  }
  return null;
}
