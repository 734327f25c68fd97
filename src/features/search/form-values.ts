import { MAX_SEARCH_TEXT } from '../../contract/identity';
import { isValidHl, MAX_NUM, normaliseSite, parseWhole, type SearchRouteParams } from './params';

/** The form as typed: every field is text until it is checked. */
export interface FormFields {
  q: string;
  num: string;
  page: string;
  site: string;
  hl: string;
}
export type FieldErrors = Partial<Record<keyof FormFields, string>>;

export function fieldsOf(search: SearchRouteParams): FormFields {
  return {
    q: search.q ?? '',
    num: search.num?.toString() ?? '',
    page: search.page?.toString() ?? '',
    site: search.site ?? '',
    hl: search.hl ?? '',
  };
}

/**
 * Typed fields → the route params to navigate to, or what is wrong with them. Empty fields stay unset.
 * A new query (or new options) starts again at page 1 unless the page was changed along with it.
 */
export function searchFromFields(
  fields: FormFields,
  current: SearchRouteParams,
): { search: SearchRouteParams } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const search: SearchRouteParams = {};
  const q = fields.q.trim();
  // The proxy refuses a longer query before sending it: no price is offered for it.
  if (q.length > MAX_SEARCH_TEXT)
    errors.q = `At most ${MAX_SEARCH_TEXT.toLocaleString('en-US')} characters: this is ${q.length.toLocaleString('en-US')}`;
  else if (q) search.q = q;

  const num = fields.num.trim();
  if (num) {
    const value = parseWhole(num);
    if (value === null || value < 1 || value > MAX_NUM) errors.num = `A whole number from 1 to ${MAX_NUM}`;
    else search.num = value;
  }
  const page = fields.page.trim();
  if (page) {
    const value = parseWhole(page);
    if (value === null || value < 1) errors.page = 'A whole number from 1';
    else search.page = value;
  }
  const site = fields.site.trim();
  if (site) {
    const host = normaliseSite(site);
    if (host === null) errors.site = 'A domain such as example.org, or a URL on it';
    else search.site = host;
  }
  const hl = fields.hl.trim();
  if (hl) {
    if (!isValidHl(hl)) errors.hl = 'A language code such as en, fr or pt-BR';
    else search.hl = hl;
  }
  if (Object.keys(errors).length > 0) return { errors };

  const changed =
    search.q !== current.q || search.num !== current.num || search.site !== current.site || search.hl !== current.hl;
  if (changed && search.page === current.page) delete search.page;
  return { search };
}
