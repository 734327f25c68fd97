import type { LedgerRow } from '../../api/session';
import { LEDGER_CSV_HEADER, ledgerCsvLine } from '../../lib/ledger-csv';

export function ledgerCsv(rows: readonly LedgerRow[]): string {
  return LEDGER_CSV_HEADER + rows.map(ledgerCsvLine).join('');
}

export function ledgerJson(rows: readonly LedgerRow[]): string {
  return `${JSON.stringify(rows, null, 2)}\n`;
}
