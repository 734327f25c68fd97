import { useId } from 'react';
import type { SpendDimension, SpendGroup } from '../../../api/spend';
import { compareDecimals } from '../../../contract/decimal-math';
import { groupName } from '../spend-view';
import { useWidth } from '../use-width';

const ROW = 24;
const SHOWN = 10;

/** A name cut to fit its column at 12 px (about 7 px a character), whole where it fits. */
const fit = (name: string, width: number) => {
  const room = Math.max(4, Math.floor(width / 7));
  return name.length > room ? `${name.slice(0, room - 1)}…` : name;
};

/**
 * The table's first groups as horizontal bars, in the table's order: inline SVG drawn at the width it is shown
 * at, as the cumulative chart above (no chart library). Lengths are only pixels: the figures are the table's.
 */
export function SpendBars({ by, groups, total }: { by: SpendDimension; groups: readonly SpendGroup[]; total: string }) {
  const id = useId();
  const [box, width] = useWidth<HTMLDivElement>(600);
  const shown = groups.slice(0, SHOWN);
  const largest = shown.reduce((top, group) => (compareDecimals(group.credits, top) > 0 ? group.credits : top), '0');
  const labelW = width < 480 ? 104 : 180;
  const valueW = 64;
  const barW = Math.max(1, width - labelW - valueW - 8);
  const height = shown.length * ROW;
  const summary =
    groups.length === 0
      ? 'Nothing spent in this period.'
      : `${total} credits in ${groups.length} ${groups.length === 1 ? 'group' : 'groups'}; the most, ${largest} credits, on ${groupName(by, groups.find((group) => group.credits === largest)?.key ?? null)}.` +
        (groups.length > SHOWN ? ` The chart shows the first ${SHOWN} rows of the table.` : '');
  return (
    <div ref={box} className="w-full">
      {shown.length > 0 && (
        <svg
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          role="img"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-summary`}
          className="block max-w-full text-slate-600 dark:text-slate-300"
          data-testid="spend-bars"
        >
          <title id={`${id}-title`}>Credits per group, as in the table</title>
          {shown.map((group, index) => {
            const length = Number(largest) > 0 ? (Number(group.credits) / Number(largest)) * barW : 0;
            const y = index * ROW;
            return (
              <g key={group.key ?? ''}>
                <text x={0} y={y + ROW / 2} dy="0.32em" fontSize="12" fill="currentColor">
                  {fit(groupName(by, group.key), labelW - 8)}
                </text>
                <rect
                  x={labelW}
                  y={y + 5}
                  width={Math.max(length, 1)}
                  height={ROW - 10}
                  rx={2}
                  className={
                    group.key === null ? 'fill-slate-400 dark:fill-slate-600' : 'fill-brand-600 dark:fill-brand-500'
                  }
                />
                <text
                  x={width}
                  y={y + ROW / 2}
                  dy="0.32em"
                  textAnchor="end"
                  fontSize="12"
                  fill="currentColor"
                  className="tabular-nums"
                >
                  {group.credits}
                </text>
              </g>
            );
          })}
        </svg>
      )}
      <p
        id={`${id}-summary`}
        className="mt-1 text-sm text-slate-700 dark:text-slate-300"
        data-testid="spend-bars-summary"
      >
        {summary}
      </p>
    </div>
  );
}
