import { useCallback, useEffect, useLayoutEffect, type RefObject } from 'react';

/**
 * Keeps an element on one line by leaving out as few of its parts as it takes to fit, in `dropOrder`'s order
 * (the header's meter). The element is `min-w-0 overflow-hidden whitespace-nowrap`, so it shrinks rather than
 * wraps, and the page's style sheet hides each part its `data-hide` names (src/styles.css). The parts left
 * out are the element's `data-hide`, set on the DOM before paint (no render of its own): after every render, and
 * whenever its row changes width or a sibling comes, goes or changes its text (a job's chip beside the meter).
 */
export function useOneLine(ref: RefObject<HTMLElement | null>, dropOrder: readonly string[]): void {
  const order = dropOrder.join(' ');
  const fit = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    const parts = order ? order.split(' ') : [];
    for (let count = 0; count <= parts.length; count++) {
      const hide = parts.slice(0, count).join(' ');
      if (element.dataset.hide !== hide) element.dataset.hide = hide;
      if (element.scrollWidth <= element.clientWidth) return;
    }
  }, [ref, order]);

  // After every render: the words may have changed.
  useLayoutEffect(fit);

  useEffect(() => {
    const element = ref.current;
    const row = element?.parentElement;
    if (!element || !row || typeof ResizeObserver === 'undefined') return;
    // Its own size too: a font that loads late widens the words without a render.
    const resized = new ResizeObserver(fit);
    resized.observe(row);
    resized.observe(element);
    const siblings = new MutationObserver(fit);
    siblings.observe(row, { childList: true, subtree: true, characterData: true });
    return () => {
      resized.disconnect();
      siblings.disconnect();
    };
  }, [ref, fit]);
}
