import type { LedgerRow } from '../../api/session';

const COLUMNS = ['id', 'session', 'at', 'operation', 'status', 'ok', 'credits', 'durationMs', 'errorKind', 'params'] as const;

/** Quotes a CSV field, and defuses text a spreadsheet would run as a formula (search terms are user text). */
function csvField(value: string, isText: boolean): string {
  const safe = isText && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function ledgerCsv(rows: readonly LedgerRow[]): string {
  const lines = rows.map((row) => COLUMNS.map((column) => {
    if (column === 'params') return csvField(JSON.stringify(row.params), true);
    if (column === 'errorKind') return csvField(row.errorKind ?? '', true);
    return csvField(String(row[column]), false);
  }).join(','));
  return `${[COLUMNS.join(','), ...lines].join('\r\n')}\r\n`;
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
