import { writeDayAndTime } from '../../lib/date-format';

/** "Nov 22, 2:02 PM": when a page was bought, to the minute (history spans days, unlike one session's ledger). */
export function boughtOn(iso: string): string {
  return writeDayAndTime(iso);
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
