import { purchaseKey, SEARCH_PATH, timelineRequestPath, type PaidOperation } from '../../contract/identity';
import './early-purchase';
import { tellPaidCall } from '../client';
import {
  OPENING_CALL_ATTRIBUTE,
  OPENING_CREDITS_ATTRIBUTE,
  OPENING_PURCHASE_ATTRIBUTE,
  SERVER_PAGE_ID,
} from './server-page-markers';

/**
 * What the server answered for this document's first timeline or search page (server/http/render.ts).
 *
 * A rendered page carries it in its dehydrated query cache (src/entry-server.tsx) and names it on its root:
 * which purchase it opened with, and the ledger id when the server bought it for this navigation.
 *
 * A page the server could not render with its answer (not found, refused, failed) is the app's own HTML with
 * the answer inlined as JSON (not a script: the CSP needs no hash for it), handed to the purchase module as the
 * early fetch's response, so the app reads it exactly as if it had asked and the proxy is not asked twice.
 */
export interface ServerAnswer {
  status: number;
  text: string;
  headers: Record<string, string>;
}
export interface InlinedPage {
  operation: PaidOperation;
  params: Record<string, unknown>;
  answer: ServerAnswer;
}

function readInlined(): InlinedPage | null {
  const text = document.getElementById(SERVER_PAGE_ID)?.textContent;
  if (!text) return null;
  try {
    const inlined = JSON.parse(text) as Partial<InlinedPage>;
    const known =
      inlined.operation === 'timeline'
        ? typeof inlined.params?.screen_name === 'string'
        : inlined.operation === 'search' && typeof inlined.params?.q === 'string';
    return known && inlined.answer ? (inlined as InlinedPage) : null;
  } catch {
    return null;
  }
}

let adoptedKey: string | null = null;

/** The purchase key of the page this document was opened with, when the server answered one (its origin: src/api/purchase/purchaser.ts). */
export function openingPurchaseKey(): string | null {
  return adoptedKey;
}

/**
 * A rendered page: its opening purchase is known (the page's own origin, dehydrated with it, says whether it was
 * paid), and one bought for this navigation is told to the meter and the other tabs as a paid response is.
 */
export function adoptRenderedPage(root: HTMLElement) {
  adoptedKey = root.getAttribute(OPENING_PURCHASE_ATTRIBUTE);
  const callId = root.getAttribute(OPENING_CALL_ATTRIBUTE);
  if (callId) tellPaidCall({ callId, credits: root.getAttribute(OPENING_CREDITS_ATTRIBUTE) ?? '0', ok: true });
}

/** A page sent unrendered with its answer inlined: hands it to the purchase module (adopted once, by key). */
export function adoptServerAnswer() {
  const inlined = readInlined();
  if (!inlined) return;
  const { operation, params, answer } = inlined;
  adoptedKey = purchaseKey(operation, params);
  window.__creditscopeEarly = {
    key: adoptedKey,
    path: operation === 'timeline' ? timelineRequestPath(params) : SEARCH_PATH,
    response: Promise.resolve(new Response(answer.text, { status: answer.status, headers: answer.headers })),
  };
}
