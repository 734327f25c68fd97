import type { Operation } from '../ledger/rows.ts';

export interface Route {
  operation: Operation;
  method: 'GET' | 'POST';
  upstreamPath: string;
  fields: string[];
}

/** The only upstream calls the proxy will make: everything else under /api is 404. */
export const OPERATIONS: Record<string, Route> = {
  '/api/v1/social/microblog/posts': {
    operation: 'timeline',
    method: 'GET',
    upstreamPath: '/v1/social/microblog/posts',
    fields: ['rest_id', 'screen_name', 'cursor'],
  },
  '/api/v1/search': {
    operation: 'search',
    method: 'POST',
    upstreamPath: '/v1/search',
    fields: ['q', 'num', 'page', 'site', 'hl'],
  },
};

export const MAX_BODY_BYTES = 16 * 1024;
