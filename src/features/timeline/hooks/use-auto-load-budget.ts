import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { paidForThisLoad } from '../../../api/purchase/origin';
import type { TimelinePage } from '../../../contract/upstream/types';
import { autoLoadCount, NOTHING_BOUGHT, saveAutoLoadCount, subscribeAutoLoadCounts } from './auto-load-counts';

/**
 * Auto-load's allowance on one timeline (`key`): it buys at most `limit` paid pages, then stops and asks;
 * each "Keep loading" allows `limit` more. Only pages paid for now count: a page the server's archive or
 * this browser already holds loads free and does not use the allowance. A "Load more" click is the person
 * asking for one page, so it neither counts nor is held back. The count lives for the tab (Back and a
 * reload go on from where it was; `auto-load-counts.ts`).
 *
 * The server renders timelines without the tab's storage, so the first render (hydration) reads nothing
 * bought and the stored count arrives just after. `loadAuto` never trusts a render: it reads the count
 * itself when the sentinel fires, so neither that first render nor a page's arrival (which re-arms the
 * sentinel before React has rendered the new count) can buy past the allowance.
 *
 * `loadNext` buys the next page and answers with the pages that arrived.
 */
export function useAutoLoadBudget(key: string, limit: number, loadNext: () => Promise<readonly TimelinePage[]>) {
  const count = useSyncExternalStore(
    subscribeAutoLoadCounts,
    () => autoLoadCount(key),
    () => NOTHING_BOUGHT,
  );
  const latestLimit = useRef(limit);
  useEffect(() => {
    latestLimit.current = limit;
  }, [limit]);

  const loadAuto = useCallback(() => {
    const { paid, grantedAt } = autoLoadCount(key);
    if (paid - grantedAt >= latestLimit.current) return;
    void loadNext().then((arrived) => {
      const bought = arrived.filter((page) => paidForThisLoad(page.origin)).length;
      if (bought === 0) return;
      const now = autoLoadCount(key);
      saveAutoLoadCount(key, { ...now, paid: now.paid + bought });
    });
  }, [key, loadNext]);

  const keepLoading = useCallback(() => {
    saveAutoLoadCount(key, { ...autoLoadCount(key), grantedAt: autoLoadCount(key).paid });
  }, [key]);

  return { paid: count.paid, paused: count.paid - count.grantedAt >= limit, loadAuto, keepLoading };
}
