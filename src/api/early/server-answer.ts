import { purchaseKey, SEARCH_PATH, timelineRequestPath, type PaidOperation } from '../identity';
import './early-purchase';

/**
 * The first timeline or search page the server asked for while answering this document (server/http/render.ts),
 * inlined as JSON (not a script: the CSP needs no hash for it): the proxy's answer as it would have
 * reached the browser. It is handed to the purchase module as the early fetch's response, so the app
 * reads it exactly as if it had asked (the meter, other tabs and the journal hear of it too), and the
 * proxy is not asked a second time, whether the server rendered the page or could not (not found, refused).
 */
export const SERVER_PAGE_ID = 'creditscope-server-page';

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

/** The purchase key of the page this document was opened with, when the server inlined one (its origin: src/api/purchase/purchaser.ts). */
export function openingPurchaseKey(): string | null {
  return adoptedKey;
}

/** Hands the inlined answer to the purchase module (adopted once, by key); returns the page it is for. */
export function adoptServerAnswer(): Pick<InlinedPage, 'operation' | 'params'> | null {
  const inlined = readInlined();
  if (!inlined) return null;
  const { operation, params, answer } = inlined;
  adoptedKey = purchaseKey(operation, params);
  window.__creditscopeEarly = {
    key: adoptedKey,
    path: operation === 'timeline' ? timelineRequestPath(params) : SEARCH_PATH,
    response: Promise.resolve(new Response(answer.text, { status: answer.status, headers: answer.headers })),
  };
  return { operation, params };
}
