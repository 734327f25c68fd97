import type { LedgerRow } from '../../api/session';
import type { CreditPrice } from '../../contract/session';
import { ledgerCsvHeader, ledgerCsvLine } from '../../contract/export/ledger-csv';

/** The rows as CSV; with the operator's price of a credit, each row's exact money beside its credits. */
export function ledgerCsv(rows: readonly LedgerRow[], price: CreditPrice | null = null): string {
  return ledgerCsvHeader(price) + rows.map((row) => ledgerCsvLine(row, price)).join('');
}

export function ledgerJson(rows: readonly LedgerRow[]): string {
  return `${JSON.stringify(rows, null, 2)}\n`;
}
