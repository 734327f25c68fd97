import { canonicalSearch, canonicalTimeline } from '../../../src/contract/identity.ts';

/** Marks a timeline asked for by user id: the spend breakdown names it by handle once an answer has told us one. */
export const REST_ID_SUBJECT = '#';

/**
 * What a purchase was about, as the spend breakdown groups it: a timeline's handle (lowercased, as the
 * platform compares them) or `#<rest_id>`, a search's query. Written on each ledger row when it is journalled.
 */
export function spendSubject(operation: string, params: Record<string, unknown>): string | null {
  if (operation === 'search') return canonicalSearch(params).q || null;
  if (operation !== 'timeline') return null;
  const timeline = canonicalTimeline(params);
  if (timeline.screen_name !== undefined) return timeline.screen_name;
  return timeline.rest_id !== undefined ? `${REST_ID_SUBJECT}${timeline.rest_id}` : null;
}
