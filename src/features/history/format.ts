import { writeDayAndTime } from '../../contract/dates/date-format';

/** "Nov 22, 2:02 PM": when a page was bought, to the minute (history spans days, unlike one session's ledger). */
export function boughtOn(iso: string): string {
  return writeDayAndTime(iso);
}

// One plural rule for every page (src/lib/plural.ts); these pages keep importing it from here.
export { plural } from '../../lib/plural';
