import type { Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { Post } from '../../../contract/upstream/types';

/**
 * Posts put in above the one being read (new posts merged on top, a newer page, a filter cleared) would
 * push it down the screen: the list is absolutely positioned, so the browser's own scroll anchoring cannot
 * help. What grows above the list (a check's answer or error) moves it too, and the browser's anchoring skips
 * a frame in which a card's transform changes as well. While the reader is inside the list, the post at the
 * top of the view is remembered with its place on screen and put back there when the list's posts or its
 * place in the page (`listTop`) change. At the top of the list nothing is held, so new posts come into view.
 */
export function useKeepReadingPosition(
  virtualizer: Virtualizer<Window, Element>,
  listRef: RefObject<HTMLDivElement | null>,
  posts: readonly Post[],
  listTop: number,
  topBar: number,
) {
  const anchor = useRef<{ id: string; top: number } | null>(null);
  const holding = useRef(false);

  useEffect(() => {
    let frame = 0;
    const record = () => {
      frame = 0;
      if (holding.current) return;
      const list = listRef.current;
      if (!list || list.getBoundingClientRect().top >= topBar) {
        anchor.current = null;
        return;
      }
      const first = [...list.querySelectorAll<HTMLElement>('[data-index]')].find(
        (element) => element.getBoundingClientRect().bottom > topBar,
      );
      const id = first?.querySelector<HTMLElement>('article')?.dataset.postId;
      anchor.current =
        first && id && first.dataset.index !== '0' ? { id, top: first.getBoundingClientRect().top } : null;
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(record);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    record();
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [listRef, topBar]);

  // The posts above are measured over the next frames (and the virtualizer moves the scroll for them as it
  // does), so the kept post is put back by where it really is on screen, frame by frame, until it stays.
  useLayoutEffect(() => {
    const kept = anchor.current;
    if (!kept) return undefined;
    const index = posts.findIndex((post) => post.id === kept.id);
    if (index < 0) return undefined;
    holding.current = true;
    let frame = 0;
    let still = 0;
    let frames = 0;
    const putBack = (first: boolean) => {
      const element = listRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
      const item = virtualizer.measurementsCache[index];
      const delta = element
        ? element.getBoundingClientRect().top - kept.top
        : first && item
          ? item.start - kept.top - window.scrollY
          : 0;
      if (Math.abs(delta) > 1) {
        window.scrollBy({ top: delta, behavior: 'instant' });
        still = 0;
      } else still += 1;
      // A few frames at most: a reader who scrolls meanwhile is not pulled back.
      if (still < 3 && ++frames < 20) frame = requestAnimationFrame(() => putBack(false));
      else holding.current = false;
    };
    putBack(true);
    return () => {
      cancelAnimationFrame(frame);
      holding.current = false;
    };
  }, [posts, listTop, virtualizer, listRef]);
}
