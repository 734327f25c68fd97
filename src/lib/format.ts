import { formatDate } from './date-format';

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const exact = new Intl.NumberFormat('en-US');

/** 816123 → "816.1K", the platform's style; the exact figure goes in a title/aria label. */
export function compactCount(value: number): string {
  return compact.format(value);
}

export function exactCount(value: number): string {
  return exact.format(value);
}

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
    const time = Date.UTC(Number(year), monthIndex, Number(day), Number(hours), Number(minutes), Number(seconds)) - offset * 60_000;
    return Number.isNaN(time) ? null : new Date(time).toISOString();
  }
  if (/^\d{4}-\d{2}-\d{2}T/.test(value)) {
    const time = Date.parse(value);
    return Number.isNaN(time) ? null : new Date(time).toISOString();
  }
  return null;
}

/** "now", "5m", "3h", "Nov 18", "Nov 18, 2024": the platform's relative timestamps. */
export function relativeTime(iso: string, now = Date.now()): string {
  const then = Date.parse(iso);
  const seconds = Math.round((now - then) / 1000);
  if (seconds < 45) return 'now';
  if (seconds < 3600) return `${Math.round(seconds / 60)}m`;
  if (seconds < 86_400) return `${Math.round(seconds / 3600)}h`;
  const date = new Date(then);
  const sameYear = date.getFullYear() === new Date(now).getFullYear();
  return formatDate(date, 'en-US', { month: 'short', day: 'numeric', ...(sameYear ? {} : { year: 'numeric' }) });
}

export function absoluteTime(iso: string): string {
  return formatDate(new Date(iso), undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** "1:23" from milliseconds. */
export function duration(ms: number): string {
  const total = Math.round(ms / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** "14:02" for today, "Nov 22, 14:02" before: when an archived page was first bought. */
export function boughtClock(at: number, now = Date.now()): string {
  const date = new Date(at);
  const time = formatDate(date, undefined, { hour: '2-digit', minute: '2-digit' });
  if (date.toDateString() === new Date(now).toDateString()) return time;
  const sameYear = date.getFullYear() === new Date(now).getFullYear();
  return `${formatDate(date, undefined, { month: 'short', day: 'numeric', ...(sameYear ? {} : { year: 'numeric' }) })}, ${time}`;
}
