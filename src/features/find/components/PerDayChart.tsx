import { useId } from 'react';
import type { HandleStats } from '../../../api/archive-search';

const DAY_MS = 86_400_000;

/** Every day from the first to the last, the empty ones too: a gap in posting is part of the picture. */
export function dailySeries(perDay: HandleStats['perDay']): { day: string; count: number }[] {
  if (perDay.length === 0) return [];
  const counts = new Map(perDay.map((entry) => [entry.day, entry.count]));
  const first = Date.parse(`${perDay[0]!.day}T00:00:00Z`);
  const last = Date.parse(`${perDay[perDay.length - 1]!.day}T00:00:00Z`);
  const days: { day: string; count: number }[] = [];
  for (let at = first; at <= last && days.length < 3660; at += DAY_MS) {
    const day = new Date(at).toISOString().slice(0, 10);
    days.push({ day, count: counts.get(day) ?? 0 });
  }
  return days;
}

/**
 * Posts per day as bars. Inline SVG like the Credits page's spend chart (no chart library): it scales with
 * its box through the viewBox, and the sentence under it says what it shows.
 */
export function PerDayChart({ perDay }: { perDay: HandleStats['perDay'] }) {
  const id = useId();
  const days = dailySeries(perDay);
  if (days.length === 0)
    return <p className="text-sm text-slate-600 dark:text-slate-400">No archived posts to chart.</p>;
  const top = Math.max(...days.map((entry) => entry.count), 1);
  const busiest = days.reduce((best, entry) => (entry.count > best.count ? entry : best), days[0]!);
  const width = 600;
  const height = 160;
  const bar = width / days.length;
  const summary = `${days.length} days from ${days[0]!.day} to ${days[days.length - 1]!.day}; busiest ${busiest.day} with ${busiest.count} ${busiest.count === 1 ? 'post' : 'posts'}.`;
  return (
    <figure className="m-0">
      <svg
        viewBox={`0 0 ${width} ${height + 14}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-summary`}
        className="block h-auto w-full text-brand-600 dark:text-sky-400"
        data-testid="per-day-chart"
        preserveAspectRatio="none"
      >
        <title id={`${id}-title`}>Posts per day</title>
        {days.map((entry, index) => {
          const barHeight = (entry.count / top) * height;
          return (
            <rect
              key={entry.day}
              x={index * bar + bar * 0.1}
              y={height - barHeight}
              width={Math.max(bar * 0.8, 0.5)}
              height={barHeight}
              fill="currentColor"
            >
              <title>{`${entry.day}: ${entry.count}`}</title>
            </rect>
          );
        })}
        <line x1={0} x2={width} y1={height + 0.5} y2={height + 0.5} stroke="currentColor" strokeOpacity={0.4} />
      </svg>
      <figcaption id={`${id}-summary`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        {summary} Most in one day: {top}.
      </figcaption>
    </figure>
  );
}
