import type { QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../client';
import { archiveLookupOptions } from '../archive-lookup';
import { HEADER } from '../../contract/headers';
import { purchaseKey } from '../../contract/identity';
import { resolveTarget, timelineKeys } from '../keys';
import { timelinePageOf, timelinePath, type TimelineData, type TimelineTarget } from '../timeline';
import { asOfTime } from '../../features/timeline/pinned';
import { mergeCheckedPage } from './check-new-posts';

/** Asks for the archive's copy only: the proxy serves it free or answers 404 with nothing bought, never buys. */
const ARCHIVED_ONLY_HEADER = { [HEADER.archivedOnly]: '1' } as const;

/**
 * This browser shows its own copy of a timeline's first page (restored from IndexedDB, or kept in memory from
 * earlier), and the server's archive may hold a newer one that someone else (a watch's run, a job, another
 * browser) bought: that page, free, goes in front of what is loaded, as Check for new posts puts a re-bought first
 * page (posts shown once, nothing loaded is dropped). The look-up and the fetch are both free; the fetch asks for the
 * archive's copy only, so if that copy aged out between the two, nothing is bought and the browser's copy stays.
 * True when a newer page was put in front.
 */
export async function adoptNewerArchivedFirstPage(queryClient: QueryClient, asked: TimelineTarget): Promise<boolean> {
  const target = resolveTarget(asked);
  const key = timelineKeys.user(target);
  const loaded = queryClient.getQueryData<TimelineData>(key);
  const shownAsOf = loaded ? asOfTime(loaded.pages, loaded.pageParams) : null;
  if (shownAsOf === null) return false;
  const who = 'screenName' in target ? { screen_name: target.screenName } : { rest_id: target.restId };
  // Asked afresh: a look-up answered before the other purchase would say nothing newer is there.
  const copy = await queryClient.fetchQuery({ ...archiveLookupOptions(purchaseKey('timeline', who)), staleTime: 0 });
  if (!copy || copy.boughtAt <= shownAsOf) return false;
  let newer;
  try {
    const answer = await apiFetch(timelinePath(target, null), { headers: ARCHIVED_ONLY_HEADER });
    if (!answer.fromArchive) return false;
    newer = timelinePageOf({ ...answer, origin: 'archive' });
  } catch {
    // Aged out since the look-up (404, nothing bought), or any failure: the browser's own copy stays as it is.
    return false;
  }
  let adopted = false;
  queryClient.setQueryData<TimelineData>(key, (data) => {
    // The same purchase already loaded (the browser's clock behind the server's): nothing newer after all.
    if (!data || data.pages.some((page) => page.callId !== null && page.callId === newer.callId)) return data;
    adopted = true;
    return mergeCheckedPage(data, newer, null).data;
  });
  return adopted;
}
