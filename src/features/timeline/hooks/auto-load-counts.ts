/**
 * Paid pages auto-load has bought on each timeline in this tab, kept in sessionStorage: a reload is not a new
 * choice to spend, so the count survives it; a new tab starts fresh. What storage holds is checked before it
 * is believed: anything else (another version's shape, a hand edit) counts as nothing bought.
 */
export interface AutoLoadCount {
  /** Paid pages auto-load has bought on this timeline. */
  paid: number;
  /** `paid` when the person last said "Keep loading". */
  grantedAt: number;
}

export const NOTHING_BOUGHT: AutoLoadCount = Object.freeze({ paid: 0, grantedAt: 0 });

const STORE = 'creditscope-timeline-autoload-count';
/** The newest timelines kept: enough for a tab's reading, and storage stays small. */
const KEPT = 50;

/** This document's copy: the one read, so a snapshot stays the same object until it changes. */
const counts = new Map<string, AutoLoadCount>();
const listeners = new Set<() => void>();

function countOf(value: unknown): AutoLoadCount | null {
  if (typeof value !== 'object' || value === null) return null;
  const { paid, grantedAt } = value as Record<string, unknown>;
  const whole = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
  return whole(paid) && whole(grantedAt) && grantedAt <= paid ? { paid, grantedAt } : null;
}

/** Every timeline's count storage holds that reads as one; nothing when storage is blocked or unreadable. */
function stored(): Map<string, AutoLoadCount> {
  const all = new Map<string, AutoLoadCount>();
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(STORE) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return all;
    for (const [key, value] of Object.entries(parsed)) {
      const count = countOf(value);
      if (count) all.set(key, count);
    }
  } catch {
    /* blocked storage or text that is not JSON: nothing is known */
  }
  return all;
}

/** The count on one timeline: this document's, else what storage kept from before a reload. */
export function autoLoadCount(key: string): AutoLoadCount {
  let count = counts.get(key);
  if (!count) {
    count = stored().get(key) ?? NOTHING_BOUGHT;
    counts.set(key, count);
  }
  return count;
}

export function saveAutoLoadCount(key: string, count: AutoLoadCount) {
  counts.set(key, count);
  try {
    const all = stored();
    all.delete(key);
    all.set(key, count);
    const kept = [...all].slice(-KEPT);
    window.sessionStorage.setItem(STORE, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    /* storage full or blocked: this document's copy still holds the count until a reload */
  }
  for (const listener of listeners) listener();
}

export function subscribeAutoLoadCounts(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
