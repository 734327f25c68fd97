import Big from 'big.js';
import { useId } from 'react';
import type { LedgerRow } from '../../../api/session';
import { clockTime, plural } from '../format';
import { niceCeiling, spendSeries, type SpendPoint } from '../spend-series';

const WIDTH = 900;
const HEIGHT = 230;
const MARGIN = { top: 16, right: 18, bottom: 44, left: 60 };
const PLOT_W = WIDTH - MARGIN.left - MARGIN.right;
const PLOT_H = HEIGHT - MARGIN.top - MARGIN.bottom;

/** The sentence a screen reader gets instead of the picture, and everyone gets under it. */
function summarise(points: SpendPoint[]): string {
  if (points.length === 0) return 'No paid calls yet in this session.';
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const biggest = points.reduce((top, point) => (new Big(point.credits).gt(top.credits) ? point : top), first);
  return `${last.total} ${last.total === '1' ? 'credit' : 'credits'} over ${plural(points.length, 'paid call')} between ${clockTime(first.at)} and ${clockTime(last.at)}. `
    + `Largest single call: ${biggest.credits} credits (${biggest.operation}).`;
}

/** Cumulative spend as a step line: flat between calls, a step up at each one. Inline SVG, no chart library. */
export function SpendChart({ rows, limit }: { rows: readonly LedgerRow[]; limit: string | null }) {
  const id = useId();
  const points = spendSeries(rows);
  const summary = summarise(points);
  if (points.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">{summary}</p>;

  const start = points[0]!.at;
  const end = Math.max(points[points.length - 1]!.at, start + 1000);
  const top = niceCeiling(Math.max(Number(points[points.length - 1]!.total), limit ? Number(limit) : 0));
  const x = (at: number) => MARGIN.left + ((at - start) / (end - start)) * PLOT_W;
  const y = (credits: number) => MARGIN.top + PLOT_H - (credits / top) * PLOT_H;
  const path = points.reduce((d, point) => `${d} H${x(point.at).toFixed(1)} V${y(Number(point.total)).toFixed(1)}`, `M${x(start)},${y(0)}`);
  const ticks = [0, top / 2, top];

  return (
    <figure className="m-0">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`}
        className="h-auto max-h-72 w-full text-slate-500 dark:text-slate-400" data-testid="spend-chart">
        <title id={`${id}-title`}>Cumulative spend over time</title>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} stroke="currentColor" strokeOpacity={tick === 0 ? 0.6 : 0.2} />
            <text x={MARGIN.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" fontSize="13" fill="currentColor">{String(Number(tick.toPrecision(6)))}</text>
          </g>
        ))}
        {limit !== null && (
          <g className="text-red-600 dark:text-red-400">
            <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(Number(limit))} y2={y(Number(limit))} stroke="currentColor" strokeDasharray="4 3" />
            <text x={WIDTH - MARGIN.right} y={y(Number(limit)) - 4} textAnchor="end" fontSize="13" fill="currentColor">limit {limit}</text>
          </g>
        )}
        <path d={`${path} H${x(end).toFixed(1)}`} fill="none" strokeWidth="2" className="stroke-brand-600 dark:stroke-brand-500" />
        {points.length <= 300 && points.map((point, index) => (
          <circle key={index} cx={x(point.at)} cy={y(Number(point.total))} r="2.5" className="fill-brand-600 dark:fill-brand-500">
            <title>{`${clockTime(point.at)}: +${point.credits} (${point.operation}), ${point.total} in total`}</title>
          </circle>
        ))}
        <text x={MARGIN.left} y={HEIGHT - 24} fontSize="13" fill="currentColor">{clockTime(start)}</text>
        <text x={WIDTH - MARGIN.right} y={HEIGHT - 24} textAnchor="end" fontSize="13" fill="currentColor">{clockTime(end)}</text>
        <text x={MARGIN.left + PLOT_W / 2} y={HEIGHT - 6} textAnchor="middle" fontSize="13" fill="currentColor">Time of call</text>
        <text transform={`translate(14 ${MARGIN.top + PLOT_H / 2}) rotate(-90)`} textAnchor="middle" fontSize="13" fill="currentColor">Credits (cumulative)</text>
      </svg>
      <figcaption id={`${id}-summary`} className="mt-1 text-sm text-slate-700 dark:text-slate-300" data-testid="spend-summary">{summary}</figcaption>
    </figure>
  );
}
