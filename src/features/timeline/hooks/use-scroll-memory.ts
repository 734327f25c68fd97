import { useRouterState } from '@tanstack/react-router';
import type { Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { recall, remember } from './scroll-memory';

/**
 * What the virtual list needs to come back where the reader was: the saved measurements (as
 * `initialMeasurementsCache`) and offset, keyed by history entry so a fresh visit starts at the top.
 */
export function useScrollMemory(listKey: string) {
  const entry = useRouterState({ select: (state) => state.location.state.__TSR_key ?? state.location.href });
  const key = `${entry}|${listKey}`;
  const [saved] = useState(() => recall(key));
  return { key, saved };
}

/** Saves on leaving (unmount, reload, tab close) and scrolls back once the list is tall enough. */
export function useRestoreScroll(
  virtualizer: Virtualizer<Window, Element>,
  memory: ReturnType<typeof useScrollMemory>,
  ready: boolean,
) {
  const restored = useRef(false);
  useLayoutEffect(() => {
    if (restored.current || !ready) return;
    restored.current = true;
    const offset = memory.saved?.offset;
    if (offset && Math.abs(window.scrollY - offset) > 2) window.scrollTo({ top: offset, behavior: 'instant' });
  }, [ready, memory.saved]);

  useEffect(() => {
    const save = () => remember(memory.key, { items: virtualizer.takeSnapshot(), offset: window.scrollY });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      save();
    };
  }, [virtualizer, memory.key]);
}
