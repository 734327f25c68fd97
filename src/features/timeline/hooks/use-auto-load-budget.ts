import { useCallback, useEffect, useRef, useState } from 'react';
import { paidForThisLoad } from '../../../api/purchase/origin';
import type { TimelinePage } from '../../../api/types';

/**
 * Auto-load's allowance in one view of a timeline: it buys at most `limit` paid pages, then stops and asks;
 * each "Keep loading" allows `limit` more. Only pages paid for now count: a page the server's archive or
 * this browser already holds loads free and does not use the allowance. A "Load more" click is the person
 * asking for one page, so it neither counts nor is held back.
 *
 * `loadNext` buys the next page and answers with the pages that arrived. The count is also kept in a ref,
 * read when the sentinel fires: the page's arrival re-arms the sentinel before React has rendered the count.
 */
export function useAutoLoadBudget(limit: number, loadNext: () => Promise<readonly TimelinePage[]>) {
  const [paid, setPaid] = useState(0);
  // The count when the person last said "Keep loading": the allowance is `limit` pages past it.
  const [grantedAt, setGrantedAt] = useState(0);
  const counted = useRef({ paid: 0, grantedAt: 0, limit });
  useEffect(() => {
    counted.current.limit = limit;
  }, [limit]);

  const loadAuto = useCallback(() => {
    const { paid: sofar, grantedAt: since, limit: allowed } = counted.current;
    if (sofar - since >= allowed) return;
    void loadNext().then((arrived) => {
      const bought = arrived.filter((page) => paidForThisLoad(page.origin)).length;
      if (bought === 0) return;
      counted.current.paid += bought;
      setPaid(counted.current.paid);
    });
  }, [loadNext]);

  const keepLoading = useCallback(() => {
    counted.current.grantedAt = counted.current.paid;
    setGrantedAt(counted.current.paid);
  }, []);

  return { paid, paused: paid - grantedAt >= limit, loadAuto, keepLoading };
}
