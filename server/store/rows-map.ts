import type { Selectable } from 'kysely';
import type { CallRow, Charged, Operation } from '../ledger/rows.ts';
import type { PurchaseTable } from './schema.ts';

export function toCallRow(row: Selectable<PurchaseTable>): CallRow {
  return {
    id: row.id,
    session: row.session_id,
    at: row.at,
    operation: row.operation as Operation,
    params: JSON.parse(row.params) as Record<string, unknown>,
    status: row.status,
    credits: row.credits,
    durationMs: row.duration_ms,
    ok: row.ok === 1,
    charged: row.charged as Charged,
    attempts: JSON.parse(row.attempts) as CallRow['attempts'],
    ...(row.error_kind ? { errorKind: row.error_kind } : {}),
    person: row.person,
  };
}
