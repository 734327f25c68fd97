import { useEffect } from 'react';
import type { PageOrigin } from '../../contract/upstream/types';

export type { PageOrigin };

/** Whether showing this page means credits were spent for this page load. */
export function paidForThisLoad(origin: PageOrigin): boolean {
  return origin === 'paid-now' || origin === 'server-rendered';
}

type Labelled = { origin?: PageOrigin; fromArchive?: boolean };
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function relabel(page: unknown) {
  if (!isObject(page)) return;
  const labelled = page as Labelled;
  // Pages persisted before pages carried an origin said `fromArchive` instead.
  labelled.origin = labelled.origin === 'archive' || labelled.fromArchive ? 'archive' : 'this-browser';
  delete labelled.fromArchive;
}

/**
 * The persister's restore (`hydrateOptions.defaultOptions.deserializeData`): whatever a page was when it
 * was bought, in a later document it is this browser's copy (or still the archive's). Relabelled in place:
 * the objects were just read from IndexedDB, and the persister knows each stored page by its identity.
 */
export function restoredInThisBrowser<T>(data: T): T {
  if (isObject(data) && Array.isArray(data.pages)) data.pages.forEach(relabel);
  else relabel(data);
  return data;
}

/** Answers a view has shown and then left: shown again, they are this browser's copies. */
const leftBehind = new WeakSet<object>();

/**
 * A search's origin as one view shows it: an answer paid for this page load reads as paid in the view
 * that first showed it; once that view moves on (another search, another page of results, unmounting), a
 * return to it reads as a free copy from this browser. Given up when the view commits its leaving, never
 * while rendering, so a render React throws away still shows it as paid.
 */
export function useShownOrigin(page: (object & { origin: PageOrigin }) | undefined): PageOrigin | undefined {
  const firstShowing = page !== undefined && !leftBehind.has(page);
  useEffect(() => {
    if (!page || !firstShowing) return undefined;
    return () => {
      leftBehind.add(page);
    };
  }, [page, firstShowing]);
  if (!page) return undefined;
  return firstShowing || !paidForThisLoad(page.origin) ? page.origin : 'this-browser';
}

/**
 * The one vocabulary for where a page came from, on every screen: "bought now" (paid for this page load, by this
 * document or by the server for its first screen), "from archive" (the server's copy of a page bought before, free),
 * "in this browser" (this browser's own copy, free). Nothing says "cached": the archive and this browser both are.
 */
export const ORIGIN_WORDS = {
  'paid-now': 'bought now',
  'server-rendered': 'bought now',
  archive: 'from archive',
  'this-browser': 'in this browser',
} as const satisfies Record<PageOrigin, string>;
