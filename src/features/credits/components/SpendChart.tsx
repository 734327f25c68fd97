import { useId } from 'react';
import type { LedgerRow } from '../../../api/session';
import { compareDecimals } from '../../../contract/decimal-math';
import { clockTime, plural } from '../format';
import { niceCeiling, spendSeries, type SpendPoint } from '../spend-series';
import { useWidth } from '../use-width';

/**
 * Drawn at the width it is shown at, not scaled from a fixed one: scaled down to a phone, 13 px labels
 * became 5 px. Labels stay 12 px; a narrow chart has fewer of them.
 */
function frame(width: number) {
  const narrow = width < 480;
  const height = narrow ? 190 : 230;
  const margin = { top: 24, right: 12, bottom: 28, left: narrow ? 40 : 52 };
  return {
    width,
    height,
    narrow,
    margin,
    plotW: Math.max(1, width - margin.left - margin.right),
    plotH: height - margin.top - margin.bottom,
  };
}

/** The sentence a screen reader gets instead of the picture, and everyone gets under it. */
function summarise(points: SpendPoint[]): string {
  if (points.length === 0) return 'No paid calls yet in this session.';
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const biggest = points.reduce((top, point) => (compareDecimals(point.credits, top.credits) > 0 ? point : top), first);
  // Failures that cost nothing are drawn (a flat step) but are not paid calls: the count agrees with the cards above.
  const paid = points.filter((point) => point.charged !== 'no').length;
  return (
    `${last.total} ${last.total === '1' ? 'credit' : 'credits'} over ${plural(paid, 'paid call')} between ${clockTime(first.at)} and ${clockTime(last.at)}. ` +
    `Largest single call: ${biggest.credits} credits (${biggest.operation}).`
  );
}

/** Cumulative spend as a step line: flat between calls, a step up at each one. Inline SVG, no chart library. */
export function SpendChart({ rows, limit }: { rows: readonly LedgerRow[]; limit: string | null }) {
  const id = useId();
  const [box, measured] = useWidth<HTMLDivElement>(900);
  const points = spendSeries(rows);
  const summary = summarise(points);
  // The measured box is there from the first render, chart or not, so the width is known when the first call lands.
  return (
    <div ref={box} className="w-full">
      {points.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{summary}</p>
      ) : (
        <Chart id={id} points={points} summary={summary} limit={limit} measured={measured} />
      )}
    </div>
  );
}

function Chart({
  id,
  points,
  summary,
  limit,
  measured,
}: {
  id: string;
  points: SpendPoint[];
  summary: string;
  limit: string | null;
  measured: number;
}) {
  const { width, height, narrow, margin, plotW, plotH } = frame(measured);
  const start = points[0]!.at;
  const end = Math.max(points[points.length - 1]!.at, start + 1000);
  const top = niceCeiling(Math.max(Number(points[points.length - 1]!.total), limit ? Number(limit) : 0));
  const x = (at: number) => margin.left + ((at - start) / (end - start)) * plotW;
  const y = (credits: number) => margin.top + plotH - (credits / top) * plotH;
  const path = points.reduce(
    (d, point) => `${d} H${x(point.at).toFixed(1)} V${y(Number(point.total)).toFixed(1)}`,
    `M${x(start)},${y(0)}`,
  );
  const ticks = [0, top / 2, top];
  const times = narrow ? [start, end] : [start, (start + end) / 2, end];
  const anchor = (index: number) => (index === 0 ? 'start' : index === times.length - 1 ? 'end' : 'middle');

  return (
    <figure className="m-0">
      <svg
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-summary`}
        className="block max-w-full text-slate-500 dark:text-slate-400"
        data-testid="spend-chart"
      >
        <title id={`${id}-title`}>Cumulative spend over time</title>
        <text x={0} y={12} fontSize="12" fill="currentColor">
          Credits, cumulative
        </text>
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={margin.left}
              x2={width - margin.right}
              y1={y(tick)}
              y2={y(tick)}
              stroke="currentColor"
              strokeOpacity={tick === 0 ? 0.6 : 0.2}
            />
            <text x={margin.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" fontSize="12" fill="currentColor">
              {String(Number(tick.toPrecision(6)))}
            </text>
          </g>
        ))}
        {limit !== null && (
          <g className="text-red-600 dark:text-red-400">
            <line
              x1={margin.left}
              x2={width - margin.right}
              y1={y(Number(limit))}
              y2={y(Number(limit))}
              stroke="currentColor"
              strokeDasharray="4 3"
            />
            <text x={width - margin.right} y={y(Number(limit)) - 4} textAnchor="end" fontSize="12" fill="currentColor">
              limit {limit}
            </text>
          </g>
        )}
        <path
          d={`${path} H${x(end).toFixed(1)}`}
          fill="none"
          strokeWidth="2"
          className="stroke-brand-600 dark:stroke-brand-500"
        />
        {points.length <= 300 &&
          points.map((point, index) => (
            <circle
              key={index}
              cx={x(point.at)}
              cy={y(Number(point.total))}
              r="2.5"
              className="fill-brand-600 dark:fill-brand-500"
            >
              <title>{`${clockTime(point.at)}: +${point.credits} (${point.operation}), ${point.total} in total`}</title>
            </circle>
          ))}
        {times.map((at, index) => (
          <text key={index} x={x(at)} y={height - 8} textAnchor={anchor(index)} fontSize="12" fill="currentColor">
            {clockTime(at)}
          </text>
        ))}
      </svg>
      <figcaption
        id={`${id}-summary`}
        className="mt-1 text-sm text-slate-700 dark:text-slate-300"
        data-testid="spend-summary"
      >
        {summary}
      </figcaption>
    </figure>
  );
}
