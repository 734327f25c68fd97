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
  const { screen_name, rest_id, cursor, q, page, num, ...rest } = params;
  const words: string[] = [];
  if (operation === 'search') {
    words.push(`“${asText(q ?? '')}” page ${asText(page ?? 1)}`);
    if (num !== undefined) rest.num = num;
  } else {
    const who = screen_name !== undefined ? `@${asText(screen_name)}` : `user id ${asText(rest_id ?? '?')}`;
    words.push(`${cursor === undefined ? 'first' : 'next'} page of ${who}`);
    if (q !== undefined) rest.q = q;
    if (page !== undefined) rest.page = page;
    if (num !== undefined) rest.num = num;
  }
  const others = paramsText(rest);
  return others ? `${words[0]} · ${others}` : words[0]!;
}

export function statusText(row: LedgerRow): string {
  return `${row.status}${row.ok ? '' : ` ${row.errorKind ?? 'failed'}`}`;
}
