import type { useNavigate } from '@tanstack/react-router';
import { GO_TO, isGoKey, SEQUENCE_MS, slashTarget } from './keyboard';
import { shortcutBlocked } from './shortcut-blocked';

export interface ShortcutActions {
  navigate: ReturnType<typeof useNavigate>;
  openHelp: () => void;
}

/**
 * `/`, `?` and `g t` / `g s` / `g c` / `g h` on every page (j and k stay with the timeline's list). Loaded with
 * the first of those keys (src/components/KeyboardShortcuts.tsx): most visits press none.
 */
export function appShortcutHandler(actions: { readonly current: ShortcutActions }): (event: KeyboardEvent) => void {
  let gAt = -Infinity;
  return (event) => {
    if (shortcutBlocked(event)) return;
    const afterG = event.timeStamp - gAt < SEQUENCE_MS;
    gAt = -Infinity;
    if (afterG && isGoKey(event.key)) {
      event.preventDefault();
      void actions.current.navigate({ to: GO_TO[event.key].to });
    } else if (event.key === 'g') {
      gAt = event.timeStamp;
    } else if (event.key === '/') {
      const box = slashTarget();
      if (!box) return;
      event.preventDefault();
      box.focus();
      box.select();
    } else if (event.key === '?') {
      event.preventDefault();
      actions.current.openHelp();
    }
  };
}
