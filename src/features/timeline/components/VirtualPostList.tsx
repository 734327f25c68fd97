import { defaultRangeExtractor, observeWindowOffset, useWindowVirtualizer, type Range } from '@tanstack/react-virtual';
import { flushSync } from 'react-dom';
import {
  startTransition,
  useCallback,
  useLayoutEffect,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { Post } from '../../../contract/upstream/types';
import type { DividedPage } from '../../../components/page-divider-text';
import { useJkNavigation } from '../hooks/use-jk-navigation';
import { useOpenPostKey } from '../hooks/use-open-post-key';
import { useKeepReadingPosition } from '../hooks/use-keep-reading-position';
import { useRestoreScroll, useScrollMemory } from '../hooks/use-scroll-memory';
import { PostCard } from './PostCard';

/**
 * Up to three pages every post stays mounted (find-in-page works, nothing to measure twice); past that
 * only the posts near the viewport are, so 1,000 posts keep the DOM at a few dozen articles.
 */
export const ALWAYS_MOUNTED = 60;
/**
 * The server's render (and the hydration that must match it) holds the first screen only: every post
 * more there is server time, HTML and browser layout spent before the first post can paint. The first post
 * starts about 650 px down (header, form, profile, tools): three posts reach past the fold of a tall screen.
 */
const FIRST_SCREEN = 3;
const noSubscription = () => () => {};
/**
 * Cards mounted beyond each edge of the view: about a screen of them, so a fast wheel still finds posts drawn
 * while the render for the new range runs. Every one more is layout, style and paint in each scroll frame.
 */
const OVERSCAN = 4;
/** The sticky app bar: j/k and restored positions keep posts out from under it. */
const TOP_BAR = 64;
/**
 * The window before it is measured: the server's render, and the browser's hydration of it, have none.
 * A screen's height lets that first render hold the first posts, so they are in the server's HTML.
 */
const UNMEASURED_WINDOW = { width: 0, height: 1000 };

function allUpToAlwaysMounted(range: Range): number[] {
  return range.count <= ALWAYS_MOUNTED
    ? Array.from({ length: range.count }, (_, index) => index)
    : defaultRangeExtractor(range);
}

function firstScreen(range: Range): number[] {
  return Array.from({ length: Math.min(range.count, FIRST_SCREEN) }, (_, index) => index);
}

/**
 * `after` (the paging footer) is placed at the end of the list with a transform, not in normal flow:
 * a page appended above a footer in flow moves it, and browsers count that as layout shift. `pageStarts`
 * names the posts that begin a page (src/features/timeline/page-starts.ts): each card carries its divider
 * from its first render, so it is measured with it and never pushes a post already placed.
 */
export function VirtualPostList({
  posts,
  pinnedId,
  owner,
  listKey,
  after,
  pageStarts,
}: {
  posts: readonly Post[];
  pinnedId: string | null;
  owner: string;
  listKey: string;
  after?: ReactNode;
  pageStarts?: ReadonlyMap<string, DividedPage>;
}) {
  const [measureAfter, afterHeight] = useElementHeight();
  const listRef = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(0);
  const memory = useScrollMemory(listKey);
  // False on the server and while hydrating its HTML, true in every render after.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

  // Where the list starts in the page; what sits above it (header, tools, notes) can change height.
  useLayoutEffect(() => {
    const update = () => {
      const element = listRef.current;
      if (!element) return;
      const next = Math.round(element.getBoundingClientRect().top + window.scrollY);
      setTop((current) => (current === next ? current : next));
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  // A scroll's new range renders as a transition: React renders it in slices of a few milliseconds between frames,
  // not in one task mounting every new card inside the scroll event (a long task on each fast wheel turn); the
  // overscan keeps the cards in view drawn meanwhile. The first range, the one where a scroll ends, and what must
  // match the scroll position in the same frame (a card above the view resized, so the scroll was moved) render at
  // once, unless React is committing already.
  const renderLater = useRef(false);
  const [, renderNow] = useReducer((count: number) => count + 1, 0);
  const virtualizer = useWindowVirtualizer({
    count: posts.length,
    estimateSize: () => 280,
    overscan: OVERSCAN,
    useFlushSync: false,
    observeElementOffset: (instance, onOffset) =>
      observeWindowOffset(instance, (offset, isScrolling) => {
        renderLater.current = true;
        if (isScrolling) startTransition(() => onOffset(offset, isScrolling));
        else onOffset(offset, isScrolling);
        renderLater.current = false;
      }),
    onChange: (_, sync) => {
      if (sync && !renderLater.current) flushSync(renderNow);
    },
    scrollMargin: top,
    scrollPaddingStart: TOP_BAR,
    getItemKey: (index) => posts[index]!.id,
    rangeExtractor: hydrated ? allUpToAlwaysMounted : firstScreen,
    initialRect: UNMEASURED_WINDOW,
    initialMeasurementsCache: memory.saved?.items,
    initialOffset: memory.saved?.offset,
  });
  const measureCard = useCallback(
    (element: HTMLDivElement | null) => {
      renderLater.current = true;
      virtualizer.measureElement(element);
      renderLater.current = false;
    },
    [virtualizer],
  );
  useRestoreScroll(virtualizer, memory, posts.length > 0);
  useKeepReadingPosition(virtualizer, listRef, posts, top, TOP_BAR);

  const current = useCallback(() => {
    const focused = document.activeElement?.closest<HTMLElement>('[data-index]');
    if (focused && listRef.current?.contains(focused)) return Number(focused.dataset.index);
    const first = [...(listRef.current?.querySelectorAll<HTMLElement>('[data-index]') ?? [])].find(
      (element) => element.getBoundingClientRect().bottom > TOP_BAR + 8,
    );
    return first ? Number(first.dataset.index) - 1 : -1;
  }, []);
  const go = useCallback(
    (index: number) => {
      virtualizer.scrollToIndex(index, { align: 'start' });
      // At once when its card is mounted (the next post nearly always is), so the next j/k counts from it however
      // quick and no earlier key's focus is left waiting to land after it; else in each of the next 30 frames.
      const focus = (frames: number) => {
        const article = listRef.current?.querySelector<HTMLElement>(`[data-index="${index}"] article`);
        if (article) article.focus({ preventScroll: true });
        else if (frames) requestAnimationFrame(() => focus(frames - 1));
      };
      focus(30);
    },
    [virtualizer],
  );
  useJkNavigation(posts.length, current, go);
  useOpenPostKey(listRef);

  const items = virtualizer.getVirtualItems();
  const listHeight = virtualizer.getTotalSize();
  return (
    <div style={{ height: listHeight + afterHeight, position: 'relative' }}>
      <div
        ref={listRef}
        role="feed"
        aria-label="Posts"
        data-testid="post-list"
        data-count={posts.length}
        style={{ height: listHeight, position: 'relative' }}
      >
        {items.map((item) => {
          const post = posts[item.index]!;
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={measureCard}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
              }}
            >
              <PostCard
                post={post}
                pinned={post.id === pinnedId}
                owner={owner}
                position={item.index + 1}
                total={posts.length}
                startsPage={pageStarts?.get(post.id)}
              />
            </div>
          );
        })}
      </div>
      {after && (
        <div
          ref={measureAfter}
          style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${listHeight}px)` }}
        >
          {after}
        </div>
      )}
    </div>
  );
}

/** A callback to put on an element, and that element's current height. */
function useElementHeight(): [(element: HTMLDivElement | null) => void, number] {
  const [height, setHeight] = useState(0);
  const measure = useCallback((element: HTMLDivElement | null) => {
    if (!element) return undefined;
    const observer = new ResizeObserver(() => setHeight(element.offsetHeight));
    observer.observe(element);
    setHeight(element.offsetHeight);
    return () => observer.disconnect();
  }, []);
  return [measure, height];
}
