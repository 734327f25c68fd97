import { csvCell } from './csv.ts';

/** One CSV shape for the ledger, written by the Credits page and by the server's period export. Pure. */
export interface CsvLedgerRow {
  id: string;
  session: string;
  at: string;
  operation: string;
  status: number;
  ok: boolean;
  credits: string;
  durationMs: number;
  errorKind?: string;
  params: Record<string, unknown>;
  /** Who bought it (#28); empty when nobody signed in (loopback `none` mode). */
  person?: string | null;
}

const COLUMNS = [
  'id',
  'session',
  'at',
  'operation',
  'status',
  'ok',
  'credits',
  'durationMs',
  'errorKind',
  'params',
  'person',
] as const;
export const LEDGER_CSV_HEADER = `${COLUMNS.join(',')}\r\n`;

export function ledgerCsvLine(row: CsvLedgerRow): string {
  return `${COLUMNS.map((column) => {
    if (column === 'params') return csvCell(JSON.stringify(row.params));
    if (column === 'errorKind') return csvCell(row.errorKind ?? '');
    if (column === 'person') return csvCell(row.person ?? '');
    return csvCell(
      column === 'status' || column === 'durationMs' || column === 'ok' ? row[column] : String(row[column]),
    );
  }).join(',')}\r\n`;
}
