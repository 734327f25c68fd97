/**
 * Paid pages auto-load has bought on each timeline in this tab, kept in sessionStorage: a reload is not a new
 * choice to spend, so the count survives it; a new tab starts fresh. Stored as "paid grantedAt" under the
 * timeline's own key; anything else there (another version's value, a hand edit) counts as nothing bought.
 */
export interface AutoLoadCount {
  /** Paid pages auto-load has bought on this timeline. */
  paid: number;
  /** `paid` when the person last said "Keep loading". */
  grantedAt: number;
}

export const NOTHING_BOUGHT: AutoLoadCount = { paid: 0, grantedAt: 0 };

const STORE = 'creditscope-timeline-autoload-count:';

/** This document's copy: the one read, so a snapshot stays the same object until it changes. */
const counts = new Map<string, AutoLoadCount>();
const listeners = new Set<() => void>();

/** What storage kept for the timeline before a reload, if it reads as a count; storage may be blocked. */
function stored(key: string): AutoLoadCount {
  try {
    const [, paid, grantedAt] = /^(\d{1,9}) (\d{1,9})$/.exec(sessionStorage.getItem(STORE + key) ?? '') ?? [];
    if (paid && grantedAt && +grantedAt <= +paid) return { paid: +paid, grantedAt: +grantedAt };
  } catch {
    /* blocked storage: nothing is known */
  }
  return NOTHING_BOUGHT;
}

/** The count on one timeline: this document's, else what storage kept from before a reload. */
export function autoLoadCount(key: string): AutoLoadCount {
  let count = counts.get(key);
  if (!count) counts.set(key, (count = stored(key)));
  return count;
}

export function saveAutoLoadCount(key: string, count: AutoLoadCount) {
  counts.set(key, count);
  try {
    sessionStorage.setItem(STORE + key, `${count.paid} ${count.grantedAt}`);
  } catch {
    /* storage full or blocked: this document's copy still holds the count until a reload */
  }
  for (const listener of listeners) listener();
}

export function subscribeAutoLoadCounts(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
