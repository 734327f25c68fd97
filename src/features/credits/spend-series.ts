import type { LedgerRow } from '../../api/session';
import { runningSums } from '../../contract/decimal-math';

export interface SpendPoint {
  at: number;
  total: string;
  credits: string;
  operation: LedgerRow['operation'];
  charged: LedgerRow['charged'];
}

/** Cumulative spend after each call, in time order, summed exactly; the chart only turns totals into pixels. */
export function spendSeries(rows: readonly LedgerRow[]): SpendPoint[] {
  const ordered = rows
    .map((row) => ({ row, at: Date.parse(row.at) }))
    .filter(({ at }) => Number.isFinite(at))
    .sort((a, b) => a.at - b.at);
  const totals = runningSums(ordered.map(({ row }) => row.credits));
  return ordered.map(({ row, at }, index) => ({
    at,
    total: totals[index]!,
    credits: row.credits,
    operation: row.operation,
    charged: row.charged,
  }));
}

/** A round axis maximum at or above `max`: 1, 2, 2.5 or 5 times a power of ten. */
export function niceCeiling(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 2.5, 5, 10].find((candidate) => candidate * power >= max - 1e-12) ?? 10;
  return step * power;
}
