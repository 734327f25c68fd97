import type { Page } from 'playwright-core';

/**
 * What each screenshot shows, written beside the PNGs by `npm run screenshots` (docs/screenshots/nav.json)
 * and committed with them: the page's path and the main navigation's links as they were on screen. The README
 * test (e2e/screenshots.spec.ts) compares it with the app's navigation, so an image taken before a page joined
 * the navigation, or a navigation page without an image, fails the suite.
 */
export const MANIFEST = 'nav.json';

export interface NavLink {
  label: string;
  href: string;
}

export interface ShotRecord {
  /** The address's path when the image was taken (`/timeline`, `/`). */
  page: string;
  /** The main navigation's links, in order, as the page showed them. */
  nav: NavLink[];
}

/** The main navigation's links as a page shows them (the header's `<nav aria-label="Main">`). */
export async function readNav(page: Page): Promise<NavLink[]> {
  return page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((link) => ({
        // The link's own words: a count beside them (Watches' unseen items) changes from one visit to the next.
        label: (link.firstChild?.textContent ?? '').trim(),
        href: new URL((link as HTMLAnchorElement).href).pathname,
      })),
    );
}

export async function recordShot(page: Page): Promise<ShotRecord> {
  return { page: new URL(page.url()).pathname, nav: await readNav(page) };
}
