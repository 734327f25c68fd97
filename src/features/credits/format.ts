import { formatDate } from '../../contract/dates/date-format';

// In src/lib (a timeline's page menu says it too); the credits components keep importing it from here.
export { clockTime } from '../../contract/dates/date-format';

export function dateTime(iso: string): string {
  return formatDate(new Date(iso), undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

// One plural rule for every page (src/lib/plural.ts); these pages keep importing it from here.
export { plural } from '../../lib/plural';
