import { useEffect, useRef } from 'react';
import { shortcutBlocked } from '../../../lib/shortcut-blocked';

/**
 * j / k move focus to the next / previous post. `current()` says which index holds focus (or is on
 * screen); `go(index)` scrolls the virtual list there and focuses the post once it is mounted.
 */
export function useJkNavigation(count: number, current: () => number, go: (index: number) => void) {
  const latest = useRef({ count, current, go });
  useEffect(() => {
    latest.current = { count, current, go };
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (shortcutBlocked(event) || (event.key !== 'j' && event.key !== 'k')) return;
      const { count: total, current: at, go: move } = latest.current;
      if (total === 0) return;
      event.preventDefault();
      const index = at();
      move(Math.max(0, Math.min(total - 1, event.key === 'j' ? index + 1 : index - 1)));
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
