import { writeDate, writeDay, writeTimeOrDay } from './date-format';
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

/** "now", "5m", "3h", "Nov 18", "Nov 18, 2024": the platform's relative timestamps, in the reader's language. */
export function relativeTime(iso: string, style: DateStyle = {}): string {
  const now = style.now ?? Date.now();
  const then = Date.parse(iso);
  const seconds = Math.round((now - then) / 1000);
  if (seconds < 45) return 'now';
  if (seconds < 3600) return `${Math.round(seconds / 60)}m`;
  if (seconds < 86_400) return `${Math.round(seconds / 3600)}h`;
  return writeDay(then, style, now);
}

/** The full moment, for a tooltip or a post's own page: "Nov 18, 2024, 5:15 PM". */
export function absoluteTime(iso: string, style: DateStyle = {}): string {
  return writeDate(iso, 'dayInYearAndTime', style);
}

/** "1:23" from milliseconds. */
export function duration(ms: number): string {
  const total = Math.round(ms / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** "14:02" for today, "Nov 22, 14:02" before: when an archived page was first bought. */
export function boughtClock(at: number, style: DateStyle = {}): string {
  return writeTimeOrDay(at, style);
}
