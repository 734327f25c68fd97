import type { LedgerRow } from '../../api/session';

/** The parameters exactly as sent (`cursor=DAAB…`): kept as a row's title, the inspector shows them in full. */
export function paramsText(params: Record<string, unknown>): string {
  return Object.entries(params)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
}

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * What a call asked for, in words: a timeline's page is "first page of @ada" or, with a cursor (an opaque token
 * the page before gave), "next page of @ada"; a search is its query and page. Other parameters follow as sent.
 */
export function paramsWords(operation: string, params: Record<string, unknown>): string {
  const { screen_name, rest_id, cursor, ...rest } = params;
  let words = `${cursor === undefined ? 'first' : 'next'} page of ${screen_name !== undefined ? `@${asText(screen_name)}` : `user id ${asText(rest_id)}`}`;
  if (operation === 'search') {
    const { q, page, ...others } = params;
    words = `“${asText(q)}” page ${asText(page ?? 1)}`;
    return [words, paramsText(others)].filter(Boolean).join(' · ');
  }
  return [words, paramsText(rest)].filter(Boolean).join(' · ');
}

export function statusText(row: LedgerRow): string {
  return `${row.status}${row.ok ? '' : ` ${row.errorKind ?? 'failed'}`}`;
}
