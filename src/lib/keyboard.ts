/**
 * The app's keyboard shortcuts: the keys the handlers read (the help overlay lists them from these, in
 * shortcut-list.ts). When a single key is a command and when it is just a letter: shortcut-blocked.ts.
 */

/** `g` then one of these letters goes to that page. */
export const GO_TO = {
  t: { to: '/timeline', name: 'Timeline' },
  s: { to: '/search', name: 'Search' },
  c: { to: '/credits', name: 'Credits' },
  h: { to: '/history', name: 'History' },
  f: { to: '/find', name: 'Find in bought posts' },
  j: { to: '/jobs', name: 'Jobs' },
} as const;

export type GoKey = keyof typeof GO_TO;

export function isGoKey(key: string): key is GoKey {
  return Object.hasOwn(GO_TO, key);
}

/**
 * Every key that is a shortcut somewhere (the header's, the timeline's j/k/o/Enter): on a server-rendered
 * page one pressed before React runs is held and replayed (src/lib/held-clicks.ts).
 */
export const HELD_SHORTCUT_KEYS: readonly string[] = ['/', '?', 'g', ...Object.keys(GO_TO), 'j', 'k', 'o', 'Enter'];

/** How long after `g` the second key still counts as its pair. */
export const SEQUENCE_MS = 1500;

/**
 * Where `/` jumps, in order: a box that says so, else the page's first search form (the handle box on the start
 * page). Also read by the inline script of a server-rendered page (src/lib/held-clicks.ts), before React runs.
 */
export const SLASH_TARGETS = ['input[aria-keyshortcuts~="/"]', 'main form[role="search"] input:not([type="hidden"])'];

/** The box `/` jumps to. */
export function slashTarget(): HTMLInputElement | null {
  for (const selector of SLASH_TARGETS) {
    const box = document.querySelector<HTMLInputElement>(selector);
    if (box) return box;
  }
  return null;
}
