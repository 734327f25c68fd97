import { dayOf, formatDate } from './date-format';
import type { DateStyle } from './date-style';

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const exact = new Intl.NumberFormat('en-US');

/** 816123 → "816.1K", the platform's style; the exact figure goes in a title/aria label. */
export function compactCount(value: number): string {
  return compact.format(value);
}

export function exactCount(value: number): string {
  return exact.format(value);
}

function yearOf(date: Date, timeZone: string | undefined): string {
  return formatDate(date, 'en-US', { year: 'numeric', timeZone });
}

/** "now", "5m", "3h", "Nov 18", "Nov 18, 2024": the platform's relative timestamps. */
export function relativeTime(iso: string, { now = Date.now(), timeZone }: DateStyle = {}): string {
  const then = Date.parse(iso);
  const seconds = Math.round((now - then) / 1000);
  if (seconds < 45) return 'now';
  if (seconds < 3600) return `${Math.round(seconds / 60)}m`;
  if (seconds < 86_400) return `${Math.round(seconds / 3600)}h`;
  const date = new Date(then);
  const sameYear = yearOf(date, timeZone) === yearOf(new Date(now), timeZone);
  return formatDate(date, 'en-US', {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone,
  });
}

export function absoluteTime(iso: string, { locale, timeZone }: DateStyle = {}): string {
  return formatDate(new Date(iso), locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
}

/** "1:23" from milliseconds. */
export function duration(ms: number): string {
  const total = Math.round(ms / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** "14:02" for today, "Nov 22, 14:02" before: when an archived page was first bought. */
export function boughtClock(at: number, { now = Date.now(), locale, timeZone }: DateStyle = {}): string {
  const date = new Date(at);
  const time = formatDate(date, locale, { hour: '2-digit', minute: '2-digit', timeZone });
  if (dayOf(date, timeZone) === dayOf(new Date(now), timeZone)) return time;
  const sameYear = yearOf(date, timeZone) === yearOf(new Date(now), timeZone);
  return `${formatDate(date, locale, { month: 'short', day: 'numeric', ...(sameYear ? {} : { year: 'numeric' }), timeZone })}, ${time}`;
}
