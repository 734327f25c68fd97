import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { alias, standin } from './support/standin.ts';
import { persisted, settled } from './support/settle.ts';
import { openTimelineInApp } from './support/rendering.ts';
import { wcagViolations } from './support/axe.ts';

/** Every request the page makes to the paid API, from now on. */
function paidRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/v1/')) seen.push(request.url());
  });
  return seen;
}

async function openMenu(page: Page, variant: string) {
  const card = page.locator(`article[data-variant="${variant}"]`).first();
  await card.getByRole('button', { name: 'Post actions' }).click();
  return {
    card,
    id: (await card.getAttribute('data-post-id'))!,
    menu: page.getByRole('dialog', { name: 'Post actions' }),
  };
}

test('a post has its own page: copy its link and id from the card, open it in a new document, nothing is bought', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const handle = alias('ada', 'postview');
  await page.goto(`/timeline?screen_name=${handle}`);
  await expect(page.locator('article').first()).toBeVisible();

  const { id, menu } = await openMenu(page, 'quote');
  await menu.getByRole('button', { name: 'Copy link' }).click();
  await expect(menu.getByTestId('copy-post-link')).toHaveText('Link copied');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(`${baseURL}/timeline/ada/post/${id}`);
  await menu.getByRole('button', { name: 'Copy post ID' }).click();
  await expect(menu.getByTestId('copy-post-id')).toHaveText('Post ID copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(id);
  // The stand-in's answers carry no address of a post on the platform, so none is offered.
  await expect(menu.getByTestId('open-on-platform')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await persisted(page, id);
  await settled(page);
  const calls = (await standin().log(handle)).length;
  const paid = paidRequests(page);
  await page.goto(link);
  const view = page.getByTestId('post-view');
  await expect(view.locator(`article[data-post-id="${id}"]`)).toBeVisible();
  await expect(view.getByTestId('quoted-post')).toContainText('The Newsdesk');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Post by Ada Lovelace');
  await expect(page.getByTestId('post-details')).toContainText(id);
  await expect(page.getByTestId('post-origin')).toContainText(`@${handle.toLowerCase()}’s timeline`);
  await expect(page.getByTestId('post-origin')).toContainText('0 credits');
  await page.reload();
  await expect(view.locator(`article[data-post-id="${id}"]`)).toBeVisible();

  // Photos open in the same lightbox as on the timeline.
  await page.goBack();
  await expect(page.locator('article').first()).toBeVisible();
  const photos = await openMenu(page, 'photos-4');
  await photos.menu.getByRole('link', { name: /Open post/ }).click();
  await expect(page).toHaveURL(`/timeline/ada/post/${photos.id}`);
  await page.getByTestId('post-view').getByTestId('photo-tile').nth(1).click();
  await expect(page.getByTestId('lightbox-counter')).toHaveText('2 / 4');
  await page.keyboard.press('Escape');
  await page.getByTestId('post-back').click();
  await expect(page).toHaveURL(`/timeline?screen_name=${handle.toLowerCase()}`);
  await expect(page.locator('article').first()).toBeVisible();

  await settled(page);
  expect(paid).toEqual([]);
  expect(await standin().log(handle)).toHaveLength(calls);
});

test('a post that was never bought says so and offers its timeline at its price, buying nothing by itself', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const handle = alias('grace', 'postmissing');
  const paid = paidRequests(page);
  await page.goto(`/timeline/${handle}/post/1800000000000000001`);
  const state = page.getByTestId('post-not-bought');
  await expect(state).toContainText('This post isn’t in what you’ve bought');
  await expect(state).toContainText('Nothing was bought');
  const open = state.getByTestId('post-open-timeline');
  await expect(open).toHaveAccessibleName(new RegExp(`^Open @${handle}’s timeline 0\\.1 credits$`));
  await settled(page);
  expect(paid).toEqual([]);
  expect(await standin().log(handle)).toHaveLength(0);

  await open.click();
  await expect(page.getByTestId('profile-header')).toContainText('Grace Hopper');
  await settled(page);
  expect(paid).toHaveLength(1);
  expect(await standin().log(handle)).toHaveLength(1);

  await page.goto('/timeline/not%20a%20handle/post/x');
  await expect(page.getByTestId('post-bad-address')).toContainText('Nothing was bought');
  await context.close();
});

test('"Open on the platform" appears when the answer gives the post’s public address, and only then', async ({
  page,
}) => {
  // The real service's media entities link to the post (`…/<handle>/status/<id>/photo/1`); the stand-in's do
  // not, so one photo post's entity is given such an address on its way in.
  let linked = '';
  await page.route('**/api/v1/social/microblog/posts?**', async (route) => {
    const response = await route.fetch();
    const json = await response.json();
    const post = json.data?.timeline?.find(
      (item: { entities?: { media?: unknown[] } }) => item.entities?.media?.length === 4,
    );
    if (post) {
      linked = post.post_id;
      post.entities.media[0].expanded_url = `https://platform.example/ada/status/${post.post_id}/photo/1`;
    }
    await route.fulfill({ response, json });
  });
  // Opened from inside the app, so the browser asks for the page itself and the route above rewrites it.
  await openTimelineInApp(page, alias('ada', 'permalink'));
  await expect(page.locator('article').first()).toBeVisible();
  const { id, menu } = await openMenu(page, 'photos-4');
  expect(id).toBe(linked);
  await expect(menu.getByRole('link', { name: 'Open on the platform' })).toHaveAttribute(
    'href',
    `https://platform.example/ada/status/${id}`,
  );
  await expect(menu.getByRole('link', { name: 'Open on the platform' })).toHaveAttribute('target', '_blank');
  await page.keyboard.press('Escape');
  const other = await openMenu(page, 'text');
  await expect(other.menu.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await expect(other.menu.getByTestId('open-on-platform')).toHaveCount(0);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the post page and the not-bought state have no WCAG 2.1 A/AA violations (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const handle = alias('ada', `axepost${scheme}`);
    await page.goto(`/timeline?screen_name=${handle}`);
    const id = await page.locator('article[data-variant="photos-3"]').first().getAttribute('data-post-id');
    for (const path of [`/timeline/ada/post/${id}`, `/timeline/${handle}/post/1`]) {
      await page.goto(path);
      await page.locator('[data-testid="post-view"], [data-testid="post-not-bought"]').first().waitFor();
      await settled(page);
      expect(await wcagViolations(page)).toEqual([]);
    }
  });
}

test('a card’s time is a link to its free page (click, Ctrl-click, Enter or o after j/k), opening it buys nothing', async ({
  page,
  context,
}) => {
  const handle = alias('ada', 'permalinktime');
  await page.goto(`/timeline?screen_name=${handle}`);
  const card = page.locator('article[data-variant="quote"]').first();
  await expect(card).toBeVisible();
  const id = (await card.getAttribute('data-post-id'))!;
  await persisted(page, id);
  await settled(page);
  const calls = (await standin().log(handle)).length;
  const paid = paidRequests(page);

  const time = card.getByTestId('post-permalink').first();
  await expect(time).toHaveAttribute('href', `/timeline/ada/post/${id}`);
  // The author's name is a link to their timeline, its price shown on hover before any click.
  const author = card.getByRole('link', { name: /^Ada Lovelace/ }).first();
  await expect(author).toHaveAttribute('href', `/timeline?screen_name=ada`);
  await author.hover();
  await expect(card.getByTestId('author-link-price').first()).toBeVisible();
  await expect(card.getByTestId('author-link-price').first()).toContainText('Opens @ada’s timeline · ');

  // Ctrl-click: the browser opens the address in a tab of its own, where the post shows free.
  const [tab] = await Promise.all([context.waitForEvent('page'), time.click({ modifiers: ['ControlOrMeta'] })]);
  await tab.waitForLoadState();
  await expect(tab.getByTestId('post-view').locator(`article[data-post-id="${id}"]`)).toBeVisible();
  await tab.close();
  await expect(page).toHaveURL(new RegExp(`screen_name=${handle}`, 'i'));

  await time.click();
  await expect(page).toHaveURL(`/timeline/ada/post/${id}`);
  await expect(page.getByTestId('post-view').locator(`article[data-post-id="${id}"]`)).toBeVisible();
  await page.goBack();
  await expect(page.locator('article').first()).toBeVisible();

  // j highlights a post (focus moves to its card); Enter opens that post. Back, then o opens the highlighted one.
  await page.locator('body').click({ position: { x: 3, y: 400 } });
  const highlighted = page.locator('article[data-testid="post"]:focus');
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect(highlighted).toHaveCount(1);
  const highlightedId = (await highlighted.getAttribute('data-post-id'))!;
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/timeline/\\w+/post/${highlightedId}$`));
  await page.goBack();
  await expect(page.locator('article').first()).toBeVisible();
  await page.locator('body').click({ position: { x: 3, y: 400 } });
  await page.keyboard.press('j');
  await expect(highlighted).toHaveCount(1);
  await page.keyboard.press('o');
  await expect(page).toHaveURL(/\/timeline\/\w+\/post\/\d+$/);

  await settled(page);
  expect(paid).toEqual([]);
  expect(await standin().log(handle)).toHaveLength(calls);
});
