import type { VirtualItem } from '@tanstack/react-virtual';

/**
 * Measured post heights and scroll offset per history entry and timeline, so coming back (Back, or a
 * reload of the same entry) rebuilds the list at its real height and lands where the reader left.
 */
interface Memory {
  items: VirtualItem[];
  offset: number;
}

const STORE = 'creditscope-timeline-scroll';
const memory = new Map<string, Memory>();

function persisted(): Record<string, Memory> {
  try {
    return JSON.parse(sessionStorage.getItem(STORE) ?? '{}') as Record<string, Memory>;
  } catch {
    return {};
  }
}

export function recall(key: string): Memory | undefined {
  return memory.get(key) ?? persisted()[key];
}

export function remember(key: string, value: Memory) {
  memory.set(key, value);
  try {
    const all = persisted();
    delete all[key];
    // The newest twenty entries are enough for Back; older ones are dropped so storage stays small.
    const kept = Object.entries({ ...all, [key]: { ...value, items: value.items.slice(0, 1500) } }).slice(-20);
    sessionStorage.setItem(STORE, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Storage full or blocked: this tab's in-memory copy still restores in-app Back.
  }
}
