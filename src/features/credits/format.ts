import { formatDate } from '../../lib/date-format';

// In src/lib (a timeline's page menu says it too); the credits components keep importing it from here.
export { clockTime } from '../../lib/date-format';

export function dateTime(iso: string): string {
  return formatDate(new Date(iso), undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
