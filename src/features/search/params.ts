import type { IgnoredParam } from '../../components/IgnoredNote';
import { ignoredParams as ignoredBy, type AddressRules } from '../../components/ignored-params';
import { HANDLE } from '../../contract/identity';
import type { SearchParams } from '../../api/search';
import { MAX_NUM, searchRouteSchema, type SearchRouteParams } from './route-schema';

export {
  DEFAULT_NUM,
  isValidHl,
  MAX_NUM,
  normaliseSite,
  parseWhole,
  searchRouteSchema,
  type SearchRouteParams,
} from './route-schema';

export const COMMON_LANGUAGES: { code: string; name: string }[] = [
  { code: 'en', name: 'English' },
  { code: 'fr', name: 'French' },
  { code: 'de', name: 'German' },
  { code: 'es', name: 'Spanish' },
  { code: 'it', name: 'Italian' },
  { code: 'pt', name: 'Portuguese' },
  { code: 'ja', name: 'Japanese' },
  { code: 'ko', name: 'Korean' },
  { code: 'zh-CN', name: 'Chinese (Simplified)' },
  { code: 'ru', name: 'Russian' },
  { code: 'ar', name: 'Arabic' },
  { code: 'hi', name: 'Hindi' },
  { code: 'nl', name: 'Dutch' },
  { code: 'sv', name: 'Swedish' },
  { code: 'pl', name: 'Polish' },
  { code: 'tr', name: 'Turkish' },
];

const REASONS: Record<keyof SearchRouteParams, string> = {
  q: 'not text',
  num: `must be a whole number from 1 to ${MAX_NUM}`,
  page: 'must be a whole number from 1',
  site: 'not a domain name',
  hl: 'not a language code like en or pt-BR',
};

export type { IgnoredParam } from '../../components/IgnoredNote';

/** The search page's address, for IgnoredNote: the same search is the same view whatever the order or spelling. */
export const SEARCH_ADDRESS: AddressRules<SearchRouteParams> = {
  path: '/search',
  schema: searchRouteSchema,
  reasons: REASONS,
  page: 'search',
  identity: (valid) => pickSearch(valid),
};

export function ignoredParams(raw: Record<string, unknown>, valid: SearchRouteParams): IgnoredParam[] {
  return ignoredBy(SEARCH_ADDRESS, raw, valid);
}

/** Only the known params that are set, in a fixed order: for the address, for comparing two searches. */
export function pickSearch(search: SearchRouteParams): SearchRouteParams {
  const picked: SearchRouteParams = {};
  if (search.q) picked.q = search.q;
  if (search.num !== undefined) picked.num = search.num;
  if (search.page !== undefined) picked.page = search.page;
  if (search.site) picked.site = search.site;
  if (search.hl) picked.hl = search.hl;
  return picked;
}

/** The API params for a validated route: only what is set, so the body carries only what the user chose. */
export function toApiParams(search: SearchRouteParams): SearchParams {
  const params: SearchParams = { q: search.q ?? '' };
  if (search.num !== undefined) params.num = search.num;
  if (search.page !== undefined) params.page = search.page;
  if (search.site) params.site = search.site;
  if (search.hl) params.hl = search.hl;
  return params;
}

/** `@jack` → `jack`, for the "open the timeline" offer; null for anything else. */
export function handleOf(query: string): string | null {
  const text = query.trim();
  return text.startsWith('@') && HANDLE.test(text.slice(1)) ? text.slice(1) : null;
}
