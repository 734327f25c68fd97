import type { PaidResponse } from './client';
import type { PaidOperation } from './identity';

/**
 * Where finished purchases land, apart from the purchase module itself: the query client registers here on
 * every page, while buying (src/api/purchases.ts, its journal and request code) loads only with the pages
 * that buy, so the start and Credits pages do not carry it.
 */
export interface Purchase {
  operation: PaidOperation;
  params: Record<string, unknown>;
}

type Lander = (purchase: Purchase, answer: PaidResponse) => void;

const landers = new Set<Lander>();

/** Where finished purchases land whoever asked: the query cache registers itself here. */
export function onPurchaseLanded(land: Lander): () => void {
  landers.add(land);
  return () => landers.delete(land);
}

export function landPurchase(purchase: Purchase, answer: PaidResponse) {
  for (const land of landers) land(purchase, answer);
}
