import { purchaseKey, SEARCH_PATH, timelineRequestPath } from '../../contract/identity';
import './early-purchase';
import { tellPaidCall } from '../client';
import {
  OPENING_CALL_ATTRIBUTE,
  OPENING_CREDITS_ATTRIBUTE,
  OPENING_PURCHASE_ATTRIBUTE,
  SERVER_PAGE_ID,
} from './server-page-markers';
import type { InlinedPage } from '../../contract/render';

export type { InlinedPage, ServerAnswer } from '../../contract/render';

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
