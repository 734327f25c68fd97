import { useEffect, useRef } from 'react';

/** How long the sentinel must stay in view before it buys a page: a scroll that only passes by buys nothing. */
const DWELL_MS = 250;

/** Whether the element is on screen or within `reachPx` below it, measured now. */
function withinReach(element: Element, reachPx: number): boolean {
  const { top, bottom } = element.getBoundingClientRect();
  return bottom >= 0 && top <= window.innerHeight + reachPx;
}

/**
 * Calls `onReach` when the element comes within `reachPx` below the viewport and stays there. Observing
 * starts again whenever `generation` changes (a page arrived), so a sentinel still in view fires again.
 */
export function useSentinel<T extends Element>(
  enabled: boolean,
  onReach: () => void,
  generation: unknown,
  reachPx = 800,
) {
  const ref = useRef<T>(null);
  const callback = useRef(onReach);
  useEffect(() => {
    callback.current = onReach;
  });

  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        clearTimeout(timer);
        // Several crossings can arrive in one batch; only the latest says where the sentinel is now.
        if (!entries[entries.length - 1]?.isIntersecting) return;
        // Measured again when the dwell ends: on a busy page the observer's news that the reader moved on can come
        // after this timer, and a glimpse of the end of the list is not a request for more.
        timer = setTimeout(() => {
          if (withinReach(element, reachPx)) callback.current();
        }, DWELL_MS);
      },
      { rootMargin: `0px 0px ${reachPx}px 0px` },
    );
    observer.observe(element);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [enabled, generation, reachPx]);

  return ref;
}
