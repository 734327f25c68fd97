import { purchaseKey } from '../../src/contract/identity.ts';
import type { ArchivedPage, ArchiveStore } from '../store/archive-store.ts';
import type { Operation } from '../ledger/rows.ts';

export interface PageAsked {
  operation: Operation;
  params: Record<string, unknown>;
  key: string;
}

/**
 * The page as the archive files it: a timeline asked for by rest_id is its handle's page once an answer has
 * told us both and the handle's page is archived. A rest_id page bought before its handle was known stays
 * its own, free the next time too.
 */
export async function samePage(archive: ArchiveStore, page: PageAsked): Promise<PageAsked> {
  const restId = page.params.rest_id;
  if (page.operation !== 'timeline' || typeof restId !== 'string') return page;
  const handle = await archive.handleOf(restId);
  if (!handle) return page;
  const { rest_id: _restId, ...rest } = page.params;
  const params = { ...rest, screen_name: handle };
  const key = purchaseKey('timeline', params);
  if ((await archive.purchaseOf(key)) === null) return page;
  return { ...page, params, key };
}

/**
 * The archived answer that stands in for buying a page now, or null: the purchaser serves it free, and the
 * price look-up (`/api/_history/lookup`) asks this same function, so a control's "from archive" is the
 * purchaser's own decision.
 */
export async function freeCopy(archive: ArchiveStore, page: PageAsked, now = Date.now()): Promise<ArchivedPage | null> {
  const same = await samePage(archive, page);
  return archive.servable(same.key, same.operation, same.params, now);
}
