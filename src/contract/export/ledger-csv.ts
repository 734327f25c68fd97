import type { CreditPrice } from '../session.ts';
import { csvCell } from './csv.ts';
import { moneyOf } from '../money.ts';

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

/**
 * With the operator's CREDIT_PRICE set, two more columns: each row's credits in that currency, exact
 * (credits × price, never rounded), and the currency's code. Without it, the ledger's columns alone.
 */
const MONEY_COLUMNS = ['money', 'currency'] as const;

export function ledgerCsvHeader(price: CreditPrice | null | undefined): string {
  return price ? `${[...COLUMNS, ...MONEY_COLUMNS].join(',')}\r\n` : LEDGER_CSV_HEADER;
}

export function ledgerCsvLine(row: CsvLedgerRow, price?: CreditPrice | null): string {
  const money = price ? `,${csvCell(moneyOf(row.credits, price))},${csvCell(price.currency)}` : '';
  return `${COLUMNS.map((column) => {
    if (column === 'params') return csvCell(JSON.stringify(row.params));
    if (column === 'errorKind') return csvCell(row.errorKind ?? '');
    if (column === 'person') return csvCell(row.person ?? '');
    return csvCell(
      column === 'status' || column === 'durationMs' || column === 'ok' ? row[column] : String(row[column]),
    );
  }).join(',')}${money}\r\n`;
}
