import type { LedgerRow } from '../../api/session';

export function paramsText(params: Record<string, unknown>): string {
  return Object.entries(params)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
}

export function statusText(row: LedgerRow): string {
  return `${row.status}${row.ok ? '' : ` ${row.errorKind ?? 'failed'}`}`;
}
