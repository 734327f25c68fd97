import { HANDLE, REST_ID } from '../../contract/identity';

/**
 * The one thing kept about bought pages outside the query cache's persister, because the early fetch
 * (./early-first-page.ts, inlined into index.html) must decide before IndexedDB can be read: which first
 * timeline pages are bought (by canonical request path, with when), and the handle each bought user id
 * answered with, so `?rest_id=` finds the page bought by handle. One localStorage record, bounded.
 */
const FIRST_PAGES = 'creditscope-first-pages';
const DAY_MS = 24 * 60 * 60 * 1000;
const KEEP_PAGES = 200;
const KEEP_HANDLES = 500;

interface FirstPageIndex {
  /** Canonical request path of a first timeline page → when it was bought (ms). */
  pages: Record<string, number>;
  /** User id → its lowercased handle. */
  handles: Record<string, string>;
}

/** The two records this one replaced, and the retired purchase journal (the query cache's persister holds those pages). */
const RETIRED = /^creditscope-(bought-first-pages|known-ids|recent-purchases|purchase\|.*)$/;

const record = (value: unknown) => (value && typeof value === 'object' ? value : {});

/** Once per browser: the retired records' entries move in, and every retired key is removed. */
function moveRetired(): FirstPageIndex {
  const retired = (key: string) => record(JSON.parse(localStorage.getItem(`creditscope-${key}`) ?? '{}'));
  const index = { pages: retired('bought-first-pages'), handles: retired('known-ids') } as FirstPageIndex;
  write(index);
  for (const key of Object.keys(localStorage)) if (RETIRED.test(key)) localStorage.removeItem(key);
  return index;
}

function read(): FirstPageIndex {
  try {
    const text = localStorage.getItem(FIRST_PAGES);
    if (text === null) return moveRetired();
    const parsed = JSON.parse(text) as Partial<FirstPageIndex> | null;
    return {
      pages: record(parsed?.pages) as FirstPageIndex['pages'],
      handles: record(parsed?.handles) as FirstPageIndex['handles'],
    };
  } catch {
    return { pages: {}, handles: {} };
  }
}

function write(index: FirstPageIndex) {
  try {
    localStorage.setItem(FIRST_PAGES, JSON.stringify(index));
  } catch {
    // Storage full or blocked: the early fetch then simply does not run, and ids stay pages of their own.
  }
}

export function isFirstPageBought(path: string, now = Date.now(), maxAgeMs = DAY_MS): boolean {
  const at = read().pages[path];
  return typeof at === 'number' && now - at < maxAgeMs;
}

/** The lowercased handle of a user id, when a bought page has told us. */
export function handleOfId(restId: string): string | null {
  const handle = read().handles[restId];
  return typeof handle === 'string' && HANDLE.test(handle) && handle === handle.toLowerCase() ? handle : null;
}

/** Called by the timeline's query function with each page it reads. */
export function indexBoughtPage(
  page: { firstPath: string | null; user: { id: string; handle: string } | null },
  now = Date.now(),
  maxAgeMs = DAY_MS,
) {
  const index = read();
  let changed = false;
  if (page.firstPath !== null) {
    const fresh = Object.entries(index.pages).filter(([path, at]) => path !== page.firstPath && now - at < maxAgeMs);
    index.pages = { ...Object.fromEntries(fresh.slice(-(KEEP_PAGES - 1))), [page.firstPath]: now };
    changed = true;
  }
  const lower = page.user?.handle.toLowerCase();
  if (page.user && lower && REST_ID.test(page.user.id) && HANDLE.test(lower) && index.handles[page.user.id] !== lower) {
    const kept = Object.entries(index.handles).filter(([id]) => id !== page.user!.id);
    index.handles = { ...Object.fromEntries(kept.slice(-(KEEP_HANDLES - 1))), [page.user.id]: lower };
    changed = true;
  }
  if (changed) write(index);
}
