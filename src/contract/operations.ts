/**
 * The upstream's two paid operations, named once: every type, picklist and loop over them (the page identity,
 * the ledger, the jobs' items, the metrics, the history filter) is derived from this list.
 */
export const PAID_OPERATIONS = ['timeline', 'search'] as const;

export type PaidOperation = (typeof PAID_OPERATIONS)[number];
