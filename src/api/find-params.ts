/**
 * What a free find asks for, apart from the module that asks (src/api/archive-search.ts): the /find route's
 * address schema needs these on every page's first load, the post schemas that module reads hits with not.
 */
import { FIND_KINDS, type FindKind } from '../contract/find-kinds';

export { FIND_KINDS, type FindKind };

/** What a free find asks for: every field optional, as the /find address carries it. */
export interface FindParams {
  q?: string;
  author?: string;
  from?: string;
  to?: string;
  media?: boolean;
  kind?: FindKind;
}
