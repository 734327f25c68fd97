import { purchaseKey, timelineRequestPath } from '../identity';
import './early-purchase';

/**
 * The first timeline page the server asked for while answering this document (server/http/render.ts),
 * inlined as JSON (not a script: the CSP needs no hash for it): the proxy's answer as it would have
 * reached the browser. It is handed to the purchase module as the early fetch's response, so the app
 * reads it exactly as if it had asked (the meter, other tabs and the journal hear of it too), and the
 * proxy is not asked a second time, whether the server rendered the page or could not (not found, refused).
 */
export const SERVER_PAGE_ID = 'creditscope-server-page';

export interface ServerAnswer { status: number; text: string; headers: Record<string, string> }
export interface InlinedPage { params: { screen_name: string }; answer: ServerAnswer }

function readInlined(): InlinedPage | null {
  const text = document.getElementById(SERVER_PAGE_ID)?.textContent;
  if (!text) return null;
  try {
    const inlined = JSON.parse(text) as Partial<InlinedPage>;
    return inlined.params?.screen_name && inlined.answer ? inlined as InlinedPage : null;
  } catch {
    return null;
  }
}

/** Hands the inlined answer to the purchase module (adopted once, by key); returns the page it is for. */
export function adoptServerAnswer(): InlinedPage['params'] | null {
  const inlined = readInlined();
  if (!inlined) return null;
  const { params, answer } = inlined;
  window.__creditscopeEarly = {
    key: purchaseKey('timeline', params),
    path: timelineRequestPath(params),
    response: Promise.resolve(new Response(answer.text, { status: answer.status, headers: answer.headers })),
  };
  return params;
}
