import { createContext, createElement, useContext, useState, type ReactNode } from 'react';
import { openingPurchaseKey } from './early/server-answer';

/**
 * The page a server-rendered document was opened with: the server bought (or took from its archive) that
 * page for this navigation, before any component asked for it. Its first view is "bought here", as a page
 * the view itself fetched would be; a later view of it in this document is a cache hit, as any other.
 */
interface Opening { key: string | null; shown: boolean }

/** On the server, per request; in the browser the document's own inlined answer says (src/api/early/server-answer.ts). */
const OpeningPurchase = createContext<Opening | null>(null);
let browserOpening: Opening | undefined;

export function OpeningPurchaseProvider({ purchaseKey, children }: { purchaseKey: string | null; children: ReactNode }) {
  const [opening] = useState<Opening>(() => ({ key: purchaseKey, shown: false }));
  return createElement(OpeningPurchase.Provider, { value: opening }, children);
}

/** Taken once, by the first view of the opening page to mount: a later view of it is a cache hit. */
function take(opening: Opening, purchaseKey: string): boolean {
  if (opening.shown || opening.key !== purchaseKey) return false;
  opening.shown = true;
  return true;
}

/**
 * Whether this view shows the page its document was opened with, and has shown nothing else since: a view
 * that moves on to another search and comes back sees it as a cache hit.
 */
export function useOpenedWith(purchaseKey: string): boolean {
  const given = useContext(OpeningPurchase);
  const [opened, setOpened] = useState(() => (take(given ?? (browserOpening ??= { key: openingPurchaseKey(), shown: false }), purchaseKey) ? purchaseKey : null));
  if (opened !== null && opened !== purchaseKey) setOpened(null);
  return opened === purchaseKey;
}
