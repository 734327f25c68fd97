import { createContext, createElement, useContext, useEffect, useState, type ReactNode } from 'react';
import { openingPurchaseKey } from './early/server-answer';

/**
 * The page a server-rendered document was opened with: the server bought (or took from its archive) that
 * page for this navigation, before any component asked for it. Its first view is "bought here", as a page
 * the view itself fetched would be; a later view of it in this document is a cache hit, as any other.
 */
interface Opening {
  key: string | null;
  shown: boolean;
}

/** On the server, per request; in the browser the document's own inlined answer says (src/api/early/server-answer.ts). */
const OpeningPurchase = createContext<Opening | null>(null);
let browserOpening: Opening | undefined;

export function OpeningPurchaseProvider({
  purchaseKey,
  children,
}: {
  purchaseKey: string | null;
  children: ReactNode;
}) {
  const [opening] = useState<Opening>(() => ({ key: purchaseKey, shown: false }));
  return createElement(OpeningPurchase.Provider, { value: opening }, children);
}

/** The request's (on the server), else this document's: one for the document's life. */
function documentOpening(given: Opening | null): Opening {
  return given ?? (browserOpening ??= { key: openingPurchaseKey(), shown: false });
}

/**
 * Whether this view shows the page its document was opened with, and has shown nothing else since: a view
 * that moves on to another search and comes back, or a view mounted after it, sees it as a cache hit.
 * Given up when that view commits its leaving (moves on, or unmounts), never while rendering: a render
 * React throws away and starts again (hydration interrupted by an update) still shows the opening as paid.
 */
export function useOpenedWith(purchaseKey: string): boolean {
  const opening = documentOpening(useContext(OpeningPurchase));
  const [strayed, setStrayed] = useState(false);
  if (!strayed && opening.key !== null && opening.key !== purchaseKey) setStrayed(true);
  const opens = !strayed && !opening.shown && opening.key === purchaseKey;
  useEffect(() => {
    if (!opens) return undefined;
    return () => {
      opening.shown = true;
    };
  }, [opens, opening]);
  return opens;
}
