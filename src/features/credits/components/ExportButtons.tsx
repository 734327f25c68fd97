import type { LedgerRow } from '../../../api/session';
import type { CreditPrice } from '../../../contract/session';
import { downloadText } from '../../../lib/download';
import { outlineButton } from './control-style';

// The file is written on the click: the page shows the buttons, few visits press them.
const ledgerText = (format: 'csv' | 'json', rows: readonly LedgerRow[], price: CreditPrice | null) =>
  import('../export').then((ledger) => (format === 'csv' ? ledger.ledgerCsv(rows, price) : ledger.ledgerJson(rows)));

/** Downloads the rows shown (after filtering) as CSV or JSON. */
export function ExportButtons({
  rows,
  sessionId,
  price,
}: {
  rows: readonly LedgerRow[];
  sessionId: string;
  /** The operator's price of a credit: the CSV then has each row's money. */
  price: CreditPrice | null;
}) {
  const base = `creditscope-ledger-${sessionId.slice(0, 8)}`;
  return (
    <div className="flex gap-2">
      <button
        type="button"
        className={outlineButton}
        disabled={rows.length === 0}
        onClick={() =>
          void ledgerText('csv', rows, price).then((text) =>
            downloadText(`${base}.csv`, 'text/csv;charset=utf-8', text),
          )
        }
      >
        Export CSV
      </button>
      <button
        type="button"
        className={outlineButton}
        disabled={rows.length === 0}
        onClick={() =>
          void ledgerText('json', rows, price).then((text) => downloadText(`${base}.json`, 'application/json', text))
        }
      >
        Export JSON
      </button>
    </div>
  );
}
