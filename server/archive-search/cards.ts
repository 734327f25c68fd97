import type { Db } from '../store/open.ts';

/**
 * The archived item each hit came from (the upstream's own JSON for the post or result), so the browser reads
 * it with the same schema as a bought page and draws the same card. Null where the page was bought again since
 * it was indexed (the next catch-up brings the index up to date).
 */
export async function archivedItems(
  db: Db,
  hits: readonly { page_key: string; purchase_id: string; position: number }[],
): Promise<unknown[]> {
  const keys = [...new Set(hits.map((hit) => hit.page_key))];
  if (keys.length === 0) return [];
  const pages = await db.kysely
    .selectFrom('archive')
    .select(['page_key', 'purchase_id', 'body'])
    .where('page_key', 'in', keys)
    .execute();
  const lists = new Map(
    pages.map((page) => [page.page_key, { purchaseId: page.purchase_id, list: listOf(page.body) }]),
  );
  return hits.map((hit) => {
    const page = lists.get(hit.page_key);
    return page && page.purchaseId === hit.purchase_id ? (page.list[hit.position] ?? null) : null;
  });
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
