import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { archiveLookupOptions } from './archive-lookup';
import { purchaseKey } from './identity';
import { resolveTarget, timelineKeys, type TimelineTarget } from './keys';
import { sessionQueryOptions } from './session';
import { useIsBought } from './purchase/use-is-bought';

/** What opening a timeline would cost: nothing (in this browser's cache, or in the server's archive), or its price. */
export type OpenCost = { kind: 'cached' } | { kind: 'archive'; boughtAt: number } | { kind: 'price' };

/** A typed handle settles for this long before the archive is asked about it: one look-up per pause, not per key. */
const SETTLE_MS = 300;

/** `value` once it has stayed the same for SETTLE_MS; a list of menus (not settling) never re-renders for it. */
function useSettled<T>(value: T, enabled: boolean): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (!enabled) return undefined;
    const timer = setTimeout(() => setSettled(value), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [value, enabled]);
  return settled;
}

/** Whether the moment `at` has come (re-checked by a timer, not by reading the clock while rendering). */
function useHasPassed(at: number | null): boolean {
  const [passed, setPassed] = useState<number | null>(null);
  useEffect(() => {
    if (at === null) return undefined;
    const timer = setTimeout(() => setPassed(at), Math.min(2 ** 31 - 1, Math.max(0, at - Date.now())));
    return () => clearTimeout(timer);
  }, [at]);
  return at !== null && passed === at;
}

/**
 * For a control that opens a timeline's first page. The browser's cache is checked first (no request); only
 * otherwise is the server's archive asked, batched with every other control on screen and kept briefly.
 * An archived copy counts only while it is fresh (`archive.freshForMs` from /api/_session), so a hint left
 * on screen never promises a free page the server would now buy again.
 */
export function useOpenCost(target: TimelineTarget | null, { settle = false } = {}): OpenCost {
  const resolved = target ? resolveTarget(target) : null;
  const bought = useIsBought(resolved ? timelineKeys.user(resolved) : null);
  const key =
    resolved && !bought
      ? purchaseKey(
          'timeline',
          'screenName' in resolved ? { screen_name: resolved.screenName } : { rest_id: resolved.restId },
        )
      : null;
  const settledKey = useSettled(key, settle);
  const asked = settle ? (settledKey === key ? key : null) : key;
  const { data: boughtAt } = useQuery({ ...archiveLookupOptions(asked ?? ''), enabled: asked !== null });
  const { data: session } = useQuery(sessionQueryOptions());
  const freshFor = session?.archive.freshForMs;
  const expired = useHasPassed(
    typeof boughtAt === 'number' && typeof freshFor === 'number' ? boughtAt + freshFor : null,
  );
  if (bought) return { kind: 'cached' };
  if (asked === null || typeof boughtAt !== 'number' || expired) return { kind: 'price' };
  return { kind: 'archive', boughtAt };
}

/** The CostHint / CostChip props that say it. */
export function costHintProps(cost: OpenCost): { cached: boolean; archivedAt: number | null } {
  return { cached: cost.kind === 'cached', archivedAt: cost.kind === 'archive' ? cost.boughtAt : null };
}
