import Big from 'big.js';
import type { Charged } from '../../src/contract/error-kinds.ts';
import type { PaidOperation } from '../../src/contract/operations.ts';

/** A paid operation, as the ledger names its rows' kind (src/contract/operations.ts). */
export type Operation = PaidOperation;

/** Whether the upstream may have charged: 'unknown' when the request went out and no readable answer came back. */
export type { Charged };

/** One try at the upstream. A purchase is one ledger row however many tries it took. */
export interface Attempt {
  at: string;
  status: number;
  durationMs: number;
  credits: string;
  charged: Charged;
}

export interface CallRow {
  id: string;
  session: string;
  at: string;
  operation: Operation;
  params: Record<string, unknown>;
  status: number;
  /** Exact decimal as a string: sums never pass through binary floating point. */
  credits: string;
  durationMs: number;
  ok: boolean;
  charged: Charged;
  attempts: Attempt[];
  errorKind?: string;
  /** Who bought it (#28); null where nobody signs in. */
  person: string | null;
}

export interface SessionSummary {
  id: string;
  startedAt: string;
  /** Calls the upstream charged for, or may have ('yes' or 'unknown'). */
  calls: number;
  /** Entries that cost nothing: refused or failed before the upstream could charge. */
  failedFree: number;
  total: string;
  byOperation: Record<Operation, { calls: number; total: string }>;
}

const counts = (row: CallRow) => row.charged !== 'no';

export function summarise(id: string, startedAt: string, rows: CallRow[]): SessionSummary {
  const byOperation = { timeline: { calls: 0, total: new Big(0) }, search: { calls: 0, total: new Big(0) } };
  let total = new Big(0);
  let calls = 0;
  for (const row of rows) {
    total = total.plus(row.credits);
    byOperation[row.operation].total = byOperation[row.operation].total.plus(row.credits);
    if (counts(row)) {
      calls += 1;
      byOperation[row.operation].calls += 1;
    }
  }
  return {
    id,
    startedAt,
    calls,
    failedFree: rows.length - calls,
    total: total.toString(),
    byOperation: {
      timeline: { calls: byOperation.timeline.calls, total: byOperation.timeline.total.toString() },
      search: { calls: byOperation.search.calls, total: byOperation.search.total.toString() },
    },
  };
}

/** Rows written before `charged` and `attempts` existed read as one attempt, charged if they cost or succeeded. */
export function upgradeRow(
  row: Omit<CallRow, 'charged' | 'attempts'> & Partial<Pick<CallRow, 'charged' | 'attempts'>>,
): CallRow {
  const charged = row.charged ?? (row.ok || new Big(row.credits).gt(0) ? 'yes' : 'no');
  const attempts = row.attempts ?? [
    { at: row.at, status: row.status, durationMs: row.durationMs, credits: row.credits, charged },
  ];
  return { ...row, charged, attempts };
}

/** Prices the upstream has actually charged per operation: the latest (what the UI shows) and the highest (what a reservation holds). */
export class PriceBook {
  private readonly last: Partial<Record<Operation, string>> = {};
  private readonly highest: Partial<Record<Operation, Big>> = {};

  see(row: CallRow) {
    // A guessed price ('unknown') or a free failure says nothing about what the operation costs.
    if (row.charged !== 'yes' || !new Big(row.credits).gt(0)) return;
    this.last[row.operation] = row.credits;
    const highest = this.highest[row.operation];
    if (!highest || highest.lt(row.credits)) this.highest[row.operation] = new Big(row.credits);
  }

  lastPrice(operation: Operation): string | null {
    return this.last[operation] ?? null;
  }
  highestPrice(operation: Operation): string | null {
    return this.highest[operation]?.toString() ?? null;
  }
}
