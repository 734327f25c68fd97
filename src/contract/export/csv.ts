/** RFC 4180 quoting, and a leading ' on text a spreadsheet would run as a formula (posts and search terms are user text). */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV line of `columns` from a row that holds them (RFC 4180, formula-safe). */
export function csvLineOf<C extends string>(
  columns: readonly C[],
  row: Record<C, string | number | boolean | null>,
): string {
  return `${columns.map((column) => csvCell(row[column])).join(',')}\r\n`;
}
