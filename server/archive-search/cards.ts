import type { Db } from '../store/open.ts';

interface Hit {
  page_key: string;
  purchase_id: string;
  position: number;
  /** Kept by the indexer since 2026-11-27 (item-migration.ts): the card needs nothing more. */
  item: string | null;
}

/**
 * The archived item each hit came from (the upstream's own JSON for the post or result), so the browser reads
 * it with the same schema as a bought page and draws the same card. The indexer keeps each item beside its
 * row; only rows indexed before it did are read from their archived page, and are null where that page was
 * bought again since (the next catch-up brings the index up to date).
 */
export async function archivedItems(db: Db, hits: readonly Hit[]): Promise<unknown[]> {
  const keys = [...new Set(hits.filter((hit) => hit.item === null).map((hit) => hit.page_key))];
  const pages = keys.length
    ? await db.kysely
        .selectFrom('archive')
        .select(['page_key', 'purchase_id', 'body'])
        .where('page_key', 'in', keys)
        .execute()
    : [];
  const lists = new Map(
    pages.map((page) => [page.page_key, { purchaseId: page.purchase_id, list: listOf(page.body) }]),
  );
  return hits.map((hit) => {
    if (hit.item !== null) return parsed(hit.item);
    const page = lists.get(hit.page_key);
    return page && page.purchaseId === hit.purchase_id ? (page.list[hit.position] ?? null) : null;
  });
}

function parsed(item: string): unknown {
  try {
    return JSON.parse(item);
  } catch {
    return null;
  }
}

function listOf(body: string): unknown[] {
  try {
    const data = (JSON.parse(body) as { data?: unknown }).data;
    if (Array.isArray(data)) return data;
    const timeline = (data as { timeline?: unknown } | null)?.timeline;
    return Array.isArray(timeline) ? timeline : [];
  } catch {
    return [];
  }
}
