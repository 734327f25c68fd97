import { useCallback, useEffect, useRef, useState } from 'react';
import type { LedgerRow, SessionState } from '../../api/session';
import { mergeRows, olderCursor, sessionRowCount, stillJoins, type OlderRows } from './ledger-pages';

const PAGE = 100;

export interface LedgerRows {
  rows: LedgerRow[];
  /** All rows of the session, loaded or not. */
  total: number;
  hasOlder: boolean;
  loadingOlder: boolean;
  olderError: unknown;
  loadOlder: () => void;
}

/** The session's newest rows from the polled state, plus the older pages the person asked for (free reads). */
export function useLedgerRows(state: SessionState): LedgerRows {
  const [loaded, setLoaded] = useState<OlderRows | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderError, setOlderError] = useState<unknown>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const joined = stillJoins(loaded, state) ? loaded : null;
  const cursor = olderCursor(joined, state);
  const rows = mergeRows(joined, state.rows);

  const loadOlder = useCallback(() => {
    if (cursor === null || abort.current) return;
    const controller = new AbortController();
    abort.current = controller;
    setLoadingOlder(true);
    setOlderError(null);
    // Older rows are asked for on a click: their module is loaded then, not with the page.
    import('../../api/session-calls')
      .then((calls) => calls.fetchOlderCalls(state.session.id, cursor, PAGE, controller.signal))
      .then(
        (page) =>
          setLoaded({
            sessionId: state.session.id,
            anchor: joined?.anchor ?? state.rows,
            older: [...page.rows, ...(joined?.older ?? [])],
            cursor: page.nextCursor,
          }),
        (error: unknown) => {
          if (!controller.signal.aborted) setOlderError(error);
        },
      )
      .finally(() => {
        abort.current = null;
        if (!controller.signal.aborted) setLoadingOlder(false);
      });
  }, [cursor, joined, state.rows, state.session.id]);

  return {
    rows,
    total: sessionRowCount(state, rows.length, cursor === null),
    hasOlder: cursor !== null,
    loadingOlder,
    olderError,
    loadOlder,
  };
}
