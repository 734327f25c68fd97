import { useEffect, useRef } from 'react';

/** How long the sentinel must stay in view before it buys a page: a scroll that only passes by buys nothing. */
const DWELL_MS = 250;

/**
 * Calls `onReach` when the element comes within `margin` of the viewport and stays there. Observing
 * starts again whenever `generation` changes (a page arrived), so a sentinel still in view fires again.
 */
export function useSentinel<T extends Element>(enabled: boolean, onReach: () => void, generation: unknown, margin = '0px 0px 800px 0px') {
  const ref = useRef<T>(null);
  const callback = useRef(onReach);
  useEffect(() => { callback.current = onReach; });

  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver((entries) => {
      clearTimeout(timer);
      // Several crossings can arrive in one batch; only the latest says where the sentinel is now.
      if (entries[entries.length - 1]?.isIntersecting) timer = setTimeout(() => callback.current(), DWELL_MS);
    }, { rootMargin: margin });
    observer.observe(element);
    return () => { clearTimeout(timer); observer.disconnect(); };
  }, [enabled, generation, margin]);

  return ref;
}
