import type { LedgerRow, SessionState } from '../../api/session';

/**
 * The ledger rows loaded so far. The session state carries only the newest page and moves with every
 * call; older pages are fixed once read. `anchor` is the newest page as it was when the first older page
 * was asked for, so rows that arrive later never open a gap between what was loaded and what is new.
 */
export interface OlderRows {
  sessionId: string;
  anchor: readonly LedgerRow[];
  older: readonly LedgerRow[];
  cursor: number | null;
}

/** Oldest first, each row once. */
export function mergeRows(loaded: OlderRows | null, newest: readonly LedgerRow[]): LedgerRow[] {
  const byId = new Map<string, LedgerRow>();
  for (const row of [...(loaded?.older ?? []), ...(loaded?.anchor ?? []), ...newest])
    if (!byId.has(row.id)) byId.set(row.id, row);
  return [...byId.values()];
}

/**
 * Whether older pages still join the newest one: not when the session changed, nor when more rows
 * arrived than one page holds (the rows in between were never read).
 */
export function stillJoins(loaded: OlderRows | null, state: SessionState): loaded is OlderRows {
  if (!loaded || loaded.sessionId !== state.session.id) return false;
  const oldestNew = state.rows[0];
  if (!oldestNew || state.olderRowsCursor === null) return true;
  return loaded.anchor.some((row) => row.id === oldestNew.id) || loaded.older.some((row) => row.id === oldestNew.id);
}

/** Where the next older page starts, or null when the first row of the session is loaded. */
export function olderCursor(loaded: OlderRows | null, state: SessionState): number | null {
  return loaded ? loaded.cursor : state.olderRowsCursor;
}

/** Every row the session has: the counted calls and the ones that cost nothing. */
export function sessionRowCount(state: SessionState, loadedCount: number, complete: boolean): number {
  if (complete) return loadedCount;
  return Math.max(state.session.calls + state.session.failedFree, loadedCount + 1);
}
