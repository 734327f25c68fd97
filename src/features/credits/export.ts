import type { LedgerRow } from '../../api/session';
import { LEDGER_CSV_HEADER, ledgerCsvLine } from '../../lib/ledger-csv';

export function ledgerCsv(rows: readonly LedgerRow[]): string {
  return LEDGER_CSV_HEADER + rows.map(ledgerCsvLine).join('');
}

export function ledgerJson(rows: readonly LedgerRow[]): string {
  return `${JSON.stringify(rows, null, 2)}\n`;
}

/** Saves text as a file through a Blob link; nothing leaves the browser. */
export function downloadText(filename: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
