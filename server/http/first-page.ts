import type { FastifyRequest } from 'fastify';
import type { PaidResponse } from '../../src/api/client.ts';
import type { InlinedPage } from '../../src/api/early/server-answer.ts';
import type { PaidOperation } from '../../src/api/identity.ts';
import type { PagePlan, ServerPage } from '../../src/render-contract.ts';
import type { PurchaseResult } from '../proxy/purchase-result.ts';
import { purchaseHeaders } from '../proxy/send.ts';
import type { ApiHandler } from '../proxy/handler.ts';
import { arrivedFromElsewhere, personNavigatedHere } from './navigation-intent.ts';

export type PurchasePlan = Extract<PagePlan, { kind: 'purchase' }>;

/** The first page of a rendered page: as the browser would have received it, and as the app renders it (null: not a page). */
export interface FirstPage {
  inlined: InlinedPage;
  page: ServerPage | null;
}

/**
 * The purchaser's answer read as the browser reads one (src/api/client.ts), for the page's query data: the
 * one place the server turns a purchase into what the app renders. An answer that is not a page (not found,
 * refused, failed) is null: the browser is handed it as it stands.
 */
function paidPage(answer: PurchaseResult): PaidResponse | null {
  if (answer.status < 200 || answer.status >= 300) return null;
  let json: unknown;
  try {
    json = JSON.parse(answer.text);
  } catch {
    return null;
  }
  if ((json as { success?: unknown } | null)?.success === false) return null;
  const named = Date.parse(answer.boughtAt ?? '');
  // The moment is the server's, so the browser hydrates the same "As of" (its own clock may be hours off).
  const boughtAt = Number.isFinite(named) ? named : Date.now();
  return answer.source === 'archive'
    ? { json, callId: answer.callId, credits: '0', boughtAt, fromArchive: true }
    : { json, callId: answer.callId, credits: answer.credits ?? '0', boughtAt };
}

/**
 * The first page of a rendered page, through the purchaser the browser's /api requests use (`handler.page`: the
 * archive's copy, or a purchase only for a navigation the person made, recorded as any other); null when there is
 * none to have (a page reached from another site renders the priced button); 'spa' when the browser decides.
 */
export async function firstPage(
  handler: ApiHandler,
  request: FastifyRequest,
  { operation, params }: PurchasePlan,
): Promise<FirstPage | null | 'spa'> {
  let answer;
  try {
    answer = await handler.page(operation, params, personNavigatedHere(request.headers), request.person);
  } catch (error) {
    // The store cannot be read (its database stopped): the app's own request will say so, and buys nothing meanwhile.
    request.log.warn({ err: error }, 'the first page could not be looked up for a rendered page: the app asks for it');
    return 'spa';
  }
  // Marked by page-guard's arrival cookie: the browser shows the priced button too, so both render the same.
  if (!answer) return arrivedFromElsewhere(request.headers) ? null : 'spa';
  const paid = paidPage(answer);
  const inlined = {
    operation: operation as PaidOperation,
    params,
    answer: { status: answer.status, text: answer.text, headers: purchaseHeaders(answer) },
  };
  return { inlined, page: paid ? { operation, params, answer: paid } : null };
}
