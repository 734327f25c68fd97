/** The first timeline page index.html starts before the bundle loads, handed to the purchase module by key. */
export interface EarlyPurchase {
  key: string;
  path: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __creditscopeEarly?: EarlyPurchase;
  }
}
