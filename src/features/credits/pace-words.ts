import { dayOf, formatDate } from '../../contract/dates/date-format';
import type { DateStyle } from '../../contract/dates/date-style';
import { PACE_MIN_CALLS, type LimitForecast, type SpendPace } from './spend-pace';

/**
 * Times and durations in the reader's locale through the browser's own Intl: no date library in the
 * header, which every page loads. Intl.DurationFormat (Chrome 129, Firefox 136, Safari 16.4) says
 * "1 hr, 12 min"; where it is missing, Intl.NumberFormat's units say "1 hr 12 min".
 */
type DurationParts = { days?: number; hours?: number; minutes?: number };
type DurationFormatter = { format(duration: DurationParts): string };
const DurationFormat = (
  Intl as unknown as { DurationFormat?: new (locale?: string, options?: { style: 'short' }) => DurationFormatter }
).DurationFormat;

function formatParts(parts: DurationParts, locale: string | undefined): string {
  if (DurationFormat) return new DurationFormat(locale, { style: 'short' }).format(parts);
  const unit = (value: number, name: 'day' | 'hour' | 'minute') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  return [
    parts.days && unit(parts.days, 'day'),
    parts.hours && unit(parts.hours, 'hour'),
    parts.minutes && unit(parts.minutes, 'minute'),
  ]
    .filter(Boolean)
    .join(' ');
}

/** "1 hr, 12 min"; days and hours once it is a day or more away, where minutes no longer matter. */
export function durationText(ms: number, { locale }: DateStyle = {}): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return `under ${formatParts({ minutes: 1 }, locale)}`;
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  return formatParts(days > 0 ? { days, hours } : { hours, minutes: minutes % 60 }, locale);
}

/** "16:40" today, "Tue 09:15" within the week either side, a date beyond. */
export function whenText(at: number, now: number, { locale, timeZone }: DateStyle = {}): string {
  const sameDay = dayOf(new Date(at), timeZone) === dayOf(new Date(now), timeZone);
  const options: Intl.DateTimeFormatOptions = sameDay
    ? { hour: 'numeric', minute: '2-digit' }
    : Math.abs(at - now) < 6 * 86_400_000
      ? { weekday: 'short', hour: 'numeric', minute: '2-digit' }
      : { dateStyle: 'medium', timeStyle: 'short' };
  return formatDate(new Date(at), locale, { ...options, timeZone });
}

/** The window the rate is measured over, in minutes. */
function windowMinutes(pace: SpendPace): number {
  return Math.max(1, Math.round(pace.windowMs / 60_000));
}

/** "the last 15 minutes": the window in full. */
function lastMinutes(pace: SpendPace): string {
  const minutes = windowMinutes(pace);
  return `the last ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** The rate's unit and window in full, for screen readers and the tooltip: "credits per hour over the last 15 minutes". */
export function paceUnitLabel(pace: SpendPace): string {
  return `credits per hour over ${lastMinutes(pace)}`;
}

/**
 * The meter's few characters, only while spending goes on (PACE_MIN_CALLS charged calls in the window): the rate
 * with its unit ("1.2 credits/h"), its window ("last 15 min") and, when a limit is ahead at this pace, "limit 16:40".
 */
export function meterPaceText(
  pace: SpendPace,
  now: number,
  style: DateStyle = {},
): { rate: string; unit: string; window: string; limit: string | null } | null {
  if (pace.perHour === null) return null;
  const limit = pace.forecast?.kind === 'at' ? `limit ${whenText(pace.forecast.at, now, style)}` : null;
  return { rate: pace.perHour, unit: 'credits/h', window: `last ${windowMinutes(pace)} min`, limit };
}

function forecastSentence(forecast: LimitForecast | null, now: number, style: DateStyle): string {
  if (!forecast) return '';
  switch (forecast.kind) {
    case 'reached':
      return ' The limit is reached.';
    case 'at':
      return ` At this rate the limit is reached at ${whenText(forecast.at, now, style)}, in ${durationText(forecast.inMs, style)}.`;
    case 'resets-first':
      return ` At this rate the operator's ${forecast.period === 'day' ? 'daily' : 'monthly'} limit is not reached before it starts again at ${whenText(forecast.resetsAt, now, style)} (${forecast.period === 'day' ? 'midnight' : 'the 1st'}, UTC).`;
    case 'beyond':
      return ` At this rate the limit is more than ${forecast.days} days away.`;
  }
}

const credits = (amount: string) => `${amount} ${amount === '1' ? 'credit' : 'credits'}`;

const paidCalls = (count: number) => `${count} paid ${count === 1 ? 'call' : 'calls'}`;

/**
 * The whole of it, for the Credits page and the meter's accessible name: the recent rate with its unit and
 * window, what the session spent in all, and the forecast only while spending goes on.
 */
export function paceSentence(
  pace: SpendPace,
  session: { total: string; startedAt: string },
  now: number,
  style: DateStyle = {},
): string {
  const since = `since the session started at ${whenText(Date.parse(session.startedAt), now, style)}`;
  if (!/[1-9]/.test(session.total)) return `Nothing spent ${since}.`;
  const window = lastMinutes(pace);
  const all = `${credits(session.total)} this session, ${since}`;
  if (pace.calls === 0)
    return `Nothing spent in ${window}, so no forecast (${all}).${forecastSentence(pace.forecast, now, style)}`;
  const calls = paidCalls(pace.calls);
  if (pace.perHour === null)
    return `No rate yet: ${calls} in ${window}, ${PACE_MIN_CALLS} needed (${all}).${forecastSentence(pace.forecast, now, style)}`;
  return `${credits(pace.perHour)} per hour over ${window} (${credits(pace.spent)} on ${calls}; ${all}).${forecastSentence(pace.forecast, now, style)}`;
}
