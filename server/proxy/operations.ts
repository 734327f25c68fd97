import { PAID_FIELDS } from '../../src/contract/paid-params.ts';
import type { Operation } from '../ledger/rows.ts';

export interface Route {
  operation: Operation;
  method: 'GET' | 'POST';
  upstreamPath: string;
  /** The parameters it takes (src/contract/paid-params.ts). */
  fields: readonly string[];
}

/** The only upstream calls the proxy will make: everything else under /api is 404. */
export const OPERATIONS: Record<string, Route> = {
  '/api/v1/social/microblog/posts': {
    operation: 'timeline',
    method: 'GET',
    upstreamPath: '/v1/social/microblog/posts',
    fields: PAID_FIELDS.timeline,
  },
  '/api/v1/search': {
    operation: 'search',
    method: 'POST',
    upstreamPath: '/v1/search',
    fields: PAID_FIELDS.search,
  },
};

export const MAX_BODY_BYTES = 16 * 1024;
