import type { HistoryEntry, HistorySubject } from '../../api/history';
import type { SearchParams } from '../../api/keys';
import { HANDLE, REST_ID, SEARCH_DEFAULT_NUM, SEARCH_FIRST_PAGE } from '../../contract/identity';
import { writeDay } from '../../contract/dates/date-format';

/** Where an archived page opens: its timeline (by handle, or by id when no answer named the handle), or its search. */
export type OpenTarget =
  | { kind: 'timeline'; search: { screen_name: string } | { rest_id: string }; label: string }
  | { kind: 'search'; search: SearchParams; label: string };

function timelineTarget(subject: string): OpenTarget | null {
  if (REST_ID.test(subject)) return { kind: 'timeline', search: { rest_id: subject }, label: `id ${subject}` };
  if (HANDLE.test(subject)) return { kind: 'timeline', search: { screen_name: subject }, label: `@${subject}` };
  return null;
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);

/** The search route's params, defaults left out so the address reads as a person would type it. */
function searchTarget(params: Record<string, unknown>, subject: string): OpenTarget {
  const q = text(params.q) ?? subject;
  const num = Number(text(params.num) ?? SEARCH_DEFAULT_NUM);
  const page = Number(text(params.page) ?? SEARCH_FIRST_PAGE);
  const search: SearchParams = { q };
  if (Number.isInteger(num) && num !== SEARCH_DEFAULT_NUM) search.num = num;
  if (Number.isInteger(page) && page !== SEARCH_FIRST_PAGE) search.page = page;
  const site = text(params.site);
  const hl = text(params.hl);
  if (site) search.site = site;
  if (hl) search.hl = hl;
  return { kind: 'search', search, label: `“${q}”` };
}

export function entryTarget(entry: HistoryEntry): OpenTarget | null {
  return entry.operation === 'timeline' ? timelineTarget(entry.subject) : searchTarget(entry.params, entry.subject);
}

/** A timeline opens at its first page. A search subject has no one page to open (its pages may differ in site, hl, num): its entries do. */
export function subjectTarget(subject: HistorySubject): OpenTarget | null {
  return subject.operation === 'timeline' ? timelineTarget(subject.subject) : null;
}

/** "Nov 12": a day, in the style the history's times use. */
const day = (iso: string) => writeDay(iso);

/**
 * "first page · posts Nov 20–24", "a later page · posts Nov 12 – Nov 18", "page 2 · site:example.org": which page
 * of its subject an entry is. A timeline's cursor says nothing readable, so its posts' dates say where it is.
 */
export function pageLabel(entry: HistoryEntry): string {
  if (entry.operation === 'timeline') {
    const which = entry.params.cursor === undefined ? 'first page' : 'a later page';
    if (!entry.posts) return which;
    const [oldest, newest] = [day(entry.posts.oldest), day(entry.posts.newest)];
    return `${which} · posts ${oldest === newest ? oldest : `${oldest} – ${newest}`}`;
  }
  const parts = [`page ${text(entry.params.page) ?? SEARCH_FIRST_PAGE}`];
  const num = text(entry.params.num);
  if (num && Number(num) !== SEARCH_DEFAULT_NUM) parts.push(`${num} a page`);
  if (entry.params.site) parts.push(`site:${text(entry.params.site)}`);
  if (entry.params.hl) parts.push(`hl:${text(entry.params.hl)}`);
  return parts.join(' · ');
}
