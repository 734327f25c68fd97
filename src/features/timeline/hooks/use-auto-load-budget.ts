import { useCallback, useEffect, useRef, useState } from 'react';
import { paidForThisLoad } from '../../../api/purchase/origin';
import type { TimelinePage } from '../../../api/types';

/** Paid pages auto-load has bought, and the count when the person last said "Keep loading". */
interface Count {
  paid: number;
  grantedAt: number;
}

/**
 * Each timeline's count for the life of this document: opening a post and coming Back (the view mounts
 * anew) goes on from where it was; a reload starts afresh, and what this browser then holds comes free.
 */
const counts = new Map<string, Count>();

/**
 * Auto-load's allowance on one timeline (`key`): it buys at most `limit` paid pages, then stops and asks;
 * each "Keep loading" allows `limit` more. Only pages paid for now count: a page the server's archive or
 * this browser already holds loads free and does not use the allowance. A "Load more" click is the person
 * asking for one page, so it neither counts nor is held back.
 *
 * `loadNext` buys the next page and answers with the pages that arrived. The count is also kept in a ref,
 * read when the sentinel fires: the page's arrival re-arms the sentinel before React has rendered the count.
 */
export function useAutoLoadBudget(key: string, limit: number, loadNext: () => Promise<readonly TimelinePage[]>) {
  const [count, setCount] = useState<Count>(() => counts.get(key) ?? { paid: 0, grantedAt: 0 });
  const latest = useRef({ count, limit });
  useEffect(() => {
    latest.current.limit = limit;
  }, [limit]);

  const save = useCallback(
    (next: Count) => {
      latest.current.count = next;
      counts.set(key, next);
      setCount(next);
    },
    [key],
  );

  const loadAuto = useCallback(() => {
    const { paid, grantedAt } = latest.current.count;
    if (paid - grantedAt >= latest.current.limit) return;
    void loadNext().then((arrived) => {
      const bought = arrived.filter((page) => paidForThisLoad(page.origin)).length;
      if (bought > 0) save({ ...latest.current.count, paid: latest.current.count.paid + bought });
    });
  }, [loadNext, save]);

  const keepLoading = useCallback(
    () => save({ ...latest.current.count, grantedAt: latest.current.count.paid }),
    [save],
  );

  return { paid: count.paid, paused: count.paid - count.grantedAt >= limit, loadAuto, keepLoading };
}
