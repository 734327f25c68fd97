import { formatDate } from '../../lib/date-format';

/** "14:03:27" in the viewer's locale: ledger rows of one session are close together in time. */
export function clockTime(iso: string | number): string {
  return formatDate(new Date(iso), undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

export function dateTime(iso: string): string {
  return formatDate(new Date(iso), undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
