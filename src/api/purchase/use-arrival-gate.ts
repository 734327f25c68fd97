import { useEffect, useReducer } from 'react';
import { GATED_COOKIE } from '../../contract/gated-cookie';
import { allowAutoBuy, autoBuyAllowed } from './arrival';

/**
 * The addresses this document was sent to by another site (or loaded ahead of time for): each stays behind its gate
 * until the person presses the gate's priced button, whatever happens around it. Leaving it, coming back to it or the
 * address being tidied are navigations that let the pages the person opens from then on buy, never this one.
 */
const sentHere = new Set<string>();

/**
 * Whether the page for `address` (what it would buy, as text) waits behind its arrival gate, and the gate's button.
 * A page already bought shows free: nothing to gate. On the server every page not bought waits (it buys before
 * rendering, never while), and no address is remembered across requests.
 */
export function useArrivalGate(address: string | null, bought: boolean): { gated: boolean; open: () => void } {
  const [, opened] = useReducer((count: number) => count + 1, 0);
  const inBrowser = typeof document !== 'undefined';
  if (address !== null && inBrowser && !autoBuyAllowed()) sentHere.add(address);
  const gated = address !== null && !bought && (!inBrowser || sentHere.has(address));
  // For the server: once the person has moved about in the app, a reload of this address comes as their own navigation.
  useEffect(() => {
    if (gated) document.cookie = `${GATED_COOKIE}=${encodeURIComponent(location.pathname + location.search)};path=/`;
  });
  return {
    gated,
    open: () => {
      allowAutoBuy();
      if (address !== null) sentHere.delete(address);
      opened();
    },
  };
}
