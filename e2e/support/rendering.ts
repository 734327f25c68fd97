import { expect, type Page } from '@playwright/test';

/**
 * Whether the server rendered this document (server/http/render.ts): its first page came inside it, so the
 * browser itself never asked /api for that page (the server did, or took it from the archive).
 */
export async function serverRendered(page: Page): Promise<boolean> {
  return (await page.locator('#root[data-server-rendered]').count()) > 0;
}

/**
 * Whether the server answered this document's first page itself (rendered or not: a failed purchase is sent
 * as the app's own HTML with the answer inlined), so the browser never asks /api for it.
 */
export async function serverAnswered(page: Page): Promise<boolean> {
  // A rendered page carries its answer in its dehydrated query cache; one sent unrendered inlines it under
  // SERVER_PAGE_ID (src/api/early/server-page-markers.ts).
  return (await serverRendered(page)) || (await page.locator('#creditscope-server-page').count()) > 0;
}

/**
 * React has taken over the page (markHydrated in src/lib/held-clicks.ts). On a server-rendered page a click
 * before then meets plain HTML: a link navigates as a link, a button's click waits to be replayed.
 */
export async function hydrated(page: Page) {
  await expect(page.locator('#root[data-hydrated]')).toBeAttached({ timeout: 20_000 });
}

/** Waits for React on a page the server rendered; a page the browser renders has nothing to wait for. */
export async function untilHydrated(page: Page) {
  if (await serverRendered(page)) await hydrated(page);
}

/**
 * Opens a timeline as a click inside the app does: the browser asks /api for the first page itself (never
 * the server while rendering), so a test can watch or rewrite that answer with `page.route`.
 */
export async function openTimelineInApp(page: Page, handle: string) {
  await page.goto('/timeline');
  await hydrated(page);
  await page.getByLabel('Handle, @handle, numeric id or profile URL').fill(handle);
  await page.getByTestId('lookup-submit').click();
  await expect(page).toHaveURL(new RegExp(`screen_name=${handle}`, 'i'));
}
