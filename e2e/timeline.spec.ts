import { type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { alias, standin } from './support/standin.ts';
import { trackPageErrors } from './timeline-support.ts';
import { settled } from './support/settle.ts';
import { openTimelineInApp } from './support/rendering.ts';

const post = (page: Page, variant: string) => page.locator(`article[data-variant="${variant}"]`).first();

test('profile header: banner, avatar, names, badge, affiliate, bio entities, facts and exact counts', async ({
  page,
}) => {
  const errors = trackPageErrors(page);
  await page.goto(`/timeline?screen_name=${alias('ada', 'header')}`);
  const header = page.getByTestId('profile-header');
  await expect(header.getByRole('heading', { level: 1, name: 'Ada Lovelace Verified account' })).toBeVisible();
  await expect(header.getByTestId('verified-badge')).toBeVisible();
  await expect(header.getByTestId('profile-handle')).toHaveText('@ada');
  await expect(header.getByTestId('profile-banner')).toHaveAttribute('src', /banner-ada/);
  await expect(header.getByTestId('profile-avatar')).toHaveAttribute('referrerpolicy', 'no-referrer');
  await expect(header.getByTestId('affiliate')).toHaveAttribute('href', 'https://example.org/engine-society');
  await expect(header.getByTestId('affiliate')).toHaveText('Engine Society');
  await expect(header.getByRole('link', { name: 'example.org/notes' })).toHaveAttribute(
    'href',
    'https://example.org/notes',
  );
  // A mention opens a priced menu; a hashtag filters the loaded posts (see priced-controls.spec.ts).
  await header.getByRole('button', { name: '@grace' }).click();
  await expect(
    page.getByRole('dialog', { name: '@grace' }).getByRole('link', { name: /^Open @grace’s timeline/ }),
  ).toHaveAttribute('href', '/timeline?screen_name=grace');
  await page.keyboard.press('Escape');
  await expect(header.getByRole('button', { name: '#compilers' })).toHaveAccessibleDescription(
    'Filters the loaded posts, free',
  );
  await expect(header).toContainText('London');
  await expect(header.getByTestId('profile-joined')).toHaveText('Joined Mar 2009');

  const followers = header.getByTestId('count-followers');
  await expect(followers).toContainText('816.1K');
  await expect(followers).toHaveAttribute('title', '816,123 followers');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await followers.focus();
  await expect(followers.locator('[aria-hidden="true"]').filter({ hasText: '816,123 followers' })).toBeVisible();
  await expect(header.getByTestId('count-following')).toContainText('312');
  await expect(header.getByTestId('count-posts')).toHaveAttribute('title', '543 posts');
  expect(errors).toEqual([]);
});

test('post cards: time, links, mentions, hashtags, counts, source, reply, line breaks, lang', async ({ page }) => {
  await page.goto(`/timeline?screen_name=${alias('ada', 'cards')}`);
  const text = post(page, 'text');
  await expect(text.getByRole('link', { name: /^example\.org\/articles\// })).toHaveAttribute(
    'href',
    /^https:\/\/example\.org\/articles\/\d+\//,
  );
  await expect(text.getByRole('button', { name: '@grace', exact: true }).first()).toHaveAccessibleDescription(
    /credits/,
  );
  await expect(text.getByRole('button', { name: /^#\w+$/ })).toHaveAccessibleDescription(
    'Filters the loaded posts, free',
  );
  await expect(text.getByTestId('rich-text')).toHaveAttribute('lang', 'en');
  await expect(text.getByTestId('post-source')).toHaveText(/^via (Web App|Android|iPhone|TweetDeck)$/);
  const time = text.locator('time');
  await expect(time).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  await expect(time).toHaveAttribute('title', /\d/);
  await expect(time).toHaveText(/^(now|\d+[mh]|[A-Z][a-z]{2} \d{1,2}(, \d{4})?)$/);
  await expect(text.getByTestId('views')).toHaveAttribute('title', /^[\d,]+ views$/);
  await expect(text.getByTestId('post-counts')).toContainText(/\d/);

  await expect(post(page, 'reply')).toContainText('Replying to @grace');
  const multiline = post(page, 'multiline').getByTestId('rich-text');
  expect(await multiline.evaluate((element) => getComputedStyle(element).whiteSpace)).toBe('pre-wrap');
  expect(await multiline.evaluate((element) => element.textContent)).toMatch(
    /^First line: .+\nSecond line: .+\n\nAfter a blank line\.$/,
  );
});

test('repost frame, quoted card, pinned marker and video', async ({ page }) => {
  await page.goto(`/timeline?screen_name=${alias('ada', 'embeds')}`);
  const repost = post(page, 'repost');
  await expect(repost.getByTestId('repost-line')).toHaveText('Ada Lovelace reposted');
  // The reposter opens a priced menu; the original's author is a link to their timeline, its price on hover.
  await repost.getByRole('button', { name: 'Ada Lovelace reposted' }).click();
  await expect(
    page.getByRole('dialog', { name: '@ada' }).getByRole('link', { name: /^Open @ada’s timeline/ }),
  ).toHaveAttribute('href', '/timeline?screen_name=ada');
  await page.keyboard.press('Escape');
  await expect(repost.getByRole('link', { name: /^Grace Hopper/ }).first()).toHaveAttribute(
    'href',
    '/timeline?screen_name=grace',
  );
  await expect(repost.getByTestId('rich-text')).toHaveText(/^Reposted thought on /);
  await expect(repost.getByTestId('photo-tile')).toHaveCount(4);
  await expect(repost.getByTestId('post-counts')).toContainText(/\d/);
  // The pinned post (index 12) is this repost in the stand-in's data.
  await expect(repost.getByTestId('pinned')).toHaveText('Pinned');
  await expect(page.getByTestId('pinned')).toHaveCount(1);

  const quote = post(page, 'quote').getByTestId('quoted-post');
  await expect(quote).toContainText('The Newsdesk');
  await expect(quote).toContainText('@newsdesk');
  await expect(quote).toContainText(/Quoted headline: .+…/);

  const video = post(page, 'video').getByTestId('video');
  await expect(video).toHaveAttribute('href', /^https:\/\/video\.example\/\d+-720\.mp4$/);
  await expect(video.getByTestId('video-duration')).toHaveText('1:24');
  await expect(video.locator('img')).toHaveAttribute('referrerpolicy', 'no-referrer');
});

/** Grid layout facts: tile count, "+N", and each tile's box relative to the grid. */
async function gridShape(page: Page, variant: string) {
  const grid = post(page, variant).getByTestId('photo-grid');
  await grid.scrollIntoViewIfNeeded();
  const box = (await grid.boundingBox())!;
  const tiles = await grid.getByTestId('photo-tile').evaluateAll((elements) =>
    elements.map((element) => {
      const rect = element.getBoundingClientRect();
      return { x: rect.x, y: rect.y, w: rect.width, h: rect.height };
    }),
  );
  return { box, tiles, more: await grid.getByTestId('photo-more').allTextContents() };
}

test('photo grids: 1 with its aspect ratio, 3 with one tall, 4 as 2×2, 6 as four with +2; lazy, alt, no referrer', async ({
  page,
}) => {
  await page.goto(`/timeline?screen_name=${alias('ada', 'grids')}`);
  const one = await gridShape(page, 'photos-1');
  expect(one.tiles).toHaveLength(1);
  const image = post(page, 'photos-1').locator('img').last();
  const [width, height] = [Number(await image.getAttribute('width')), Number(await image.getAttribute('height'))];
  expect(Math.abs(one.tiles[0]!.w / one.tiles[0]!.h - width / height)).toBeLessThan(0.02);
  expect(one.tiles[0]!.h).toBeLessThanOrEqual(512);

  const three = await gridShape(page, 'photos-3');
  expect(three.tiles).toHaveLength(3);
  expect(three.tiles[0]!.h).toBeGreaterThan(three.tiles[1]!.h * 1.8);
  expect(three.tiles[1]!.x).toBeGreaterThan(three.tiles[0]!.x);
  expect(three.tiles[2]!.y).toBeGreaterThan(three.tiles[1]!.y);

  const four = await gridShape(page, 'photos-4');
  expect(four.tiles).toHaveLength(4);
  expect(new Set(four.tiles.map((tile) => Math.round(tile.w))).size).toBe(1);
  expect(new Set(four.tiles.map((tile) => Math.round(tile.y))).size).toBe(2);
  expect(four.more).toEqual([]);

  const six = await gridShape(page, 'photos-6');
  expect(six.tiles).toHaveLength(4);
  expect(six.more).toEqual(['+2']);
  await expect(post(page, 'photos-6').getByTestId('photo-tile').last()).toHaveAttribute('aria-label', /and 2 more/);

  for (const img of await page.locator('[data-testid="photo-tile"] img').all()) {
    await expect(img).toHaveAttribute('loading', 'lazy');
    await expect(img).toHaveAttribute('referrerpolicy', 'no-referrer');
    await expect(img).toHaveAttribute('alt', /\S/);
  }
  // Every <img> in the page sends no referrer.
  expect(await page.locator('main img:not([referrerpolicy="no-referrer"])').count()).toBe(0);
  // A crop keeps the subject: object-position comes from focus_rects where the data has one.
  const positions = await page
    .locator('[data-testid="photo-tile"] img')
    .evaluateAll((elements) => elements.map((element) => (element as HTMLElement).style.objectPosition));
  expect(positions.some((position) => /\d+% \d+%/.test(position) && position !== '50% 50%')).toBe(true);
});

test('photo grid of 2: side by side, same size', async ({ page }) => {
  // The stand-in has no two-photo post; one of its three-photo posts is cut to two on the way in.
  await page.route('**/api/v1/social/microblog/posts?**', async (route) => {
    const response = await route.fetch();
    const json = await response.json();
    for (const item of json.data?.timeline ?? [])
      if (item.media?.photo?.length === 3) item.media.photo = item.media.photo.slice(0, 2);
    await route.fulfill({ response, json });
  });
  // Opened from inside the app, so the browser asks for the page itself and the route above rewrites it.
  await openTimelineInApp(page, alias('ada', 'twogrid'));
  const two = await gridShape(page, 'photos-2');
  expect(two.tiles).toHaveLength(2);
  expect(Math.abs(two.tiles[0]!.h - two.tiles[1]!.h)).toBeLessThan(1);
  expect(Math.abs(two.tiles[0]!.y - two.tiles[1]!.y)).toBeLessThan(1);
  expect(two.tiles[1]!.x).toBeGreaterThan(two.tiles[0]!.x + two.tiles[0]!.w - 2);
});

test('lightbox by mouse: opens lazily at full size, steps, closes', async ({ page }) => {
  // The lazily loaded component itself: `Lightbox-<hash>.js` when built, `Lightbox.tsx` under the dev server
  // (where LightboxHost.tsx, always loaded, must not count). Requests are watched rather than the resource
  // timeline, whose buffer (250 entries) the dev server's hundreds of modules fill before the click.
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const loadedLightbox = () => requested.some((path) => /\/Lightbox[-.]/.test(path));
  await page.goto(`/timeline?screen_name=${alias('ada', 'lightmouse')}`);
  await expect(post(page, 'photos-4').getByTestId('photo-tile').first()).toBeVisible();
  expect(loadedLightbox()).toBe(false);
  const tiles = post(page, 'photos-4').getByTestId('photo-tile');
  await tiles.first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  expect(loadedLightbox()).toBe(true);
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(dialog.getByTestId('lightbox-counter')).toHaveText('1 / 4');
  const first = await tiles.first().locator('img').getAttribute('src');
  await expect(dialog.getByTestId('lightbox-image')).toHaveAttribute('src', first!);
  await expect
    .poll(() => dialog.getByTestId('lightbox-image').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await dialog.getByRole('button', { name: 'Next photo' }).click();
  await expect(dialog.getByTestId('lightbox-counter')).toHaveText('2 / 4');
  await dialog.getByRole('button', { name: 'Previous photo' }).click();
  await dialog.getByRole('button', { name: 'Previous photo' }).click();
  await expect(dialog.getByTestId('lightbox-counter')).toHaveText('4 / 4');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('lightbox by keyboard: Enter opens, focus stays inside, arrows step, Escape closes and returns focus', async ({
  page,
}) => {
  await page.goto(`/timeline?screen_name=${alias('ada', 'lightkeys')}`);
  const tile = post(page, 'photos-3').getByTestId('photo-tile').nth(1);
  await tile.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('lightbox-counter')).toHaveText('2 / 3');
  for (let index = 0; index < 6; index += 1) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
  }
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByTestId('lightbox-counter')).toHaveText('3 / 3');
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByTestId('lightbox-counter')).toHaveText('1 / 3');
  await page.keyboard.press('ArrowLeft');
  await expect(dialog.getByTestId('lightbox-counter')).toHaveText('3 / 3');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(tile).toBeFocused();
});

test('protected, suspended, not found and empty accounts each get their own state', async ({ page }) => {
  const errors = trackPageErrors(page);
  await page.goto(`/timeline?screen_name=${alias('linus', 'state')}`);
  await expect(page.getByTestId('state-protected')).toContainText('These posts are protected');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Linus Private/);
  await expect(page.locator('article')).toHaveCount(0);

  await page.goto(`/timeline?screen_name=${alias('banned', 'state')}`);
  await expect(page.getByTestId('state-suspended')).toContainText('Account suspended');
  await expect(page.getByTestId('profile-header')).toHaveCount(0);

  const nobody = alias('nobody', 'state');
  await page.goto(`/timeline?screen_name=${nobody}`);
  await expect(page.getByTestId('state-not-found').getByRole('heading', { level: 1 })).toHaveText(
    `@${nobody} doesn’t exist`,
  );
  await settled(page);
  expect(await standin().log(nobody)).toHaveLength(1);

  await page.goto(`/timeline?screen_name=${alias('quiet', 'state')}`);
  await expect(page.getByTestId('state-empty')).toContainText('hasn’t posted');
  await expect(page.getByTestId('profile-header')).toContainText('Quiet Account');
  expect(errors).toEqual([]);
});

test('lookup accepts a handle, @handle, numeric id or profile URL; a bad address says what it ignored', async ({
  page,
}) => {
  await page.goto('/timeline?screen_name=not%20a%20handle&colour=blue');
  await expect(page.getByTestId('ignored-params')).toContainText('screen_name=not a handle');
  await expect(page.getByTestId('ignored-params')).toContainText('colour=blue');
  await expect(page.getByRole('heading', { name: 'Browse a timeline' })).toBeVisible();

  const box = page.getByRole('textbox', { name: /Handle, @handle/ });
  await box.fill('https://x.com/grace?ref=x');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/timeline\?screen_name=grace$/);
  await expect(page.getByTestId('profile-header')).toContainText('Grace Hopper');

  await box.fill('@ada');
  await box.press('Enter');
  await expect(page).toHaveURL(/screen_name=ada$/);
  await box.fill('1002');
  await box.press('Enter');
  await expect(page.getByTestId('profile-header')).toContainText('Grace Hopper');
  await box.fill('bad handle!');
  await box.press('Enter');
  await expect(page.getByRole('alert')).toContainText('not a handle');

  await page.goBack();
  await expect(page).toHaveURL(/screen_name=ada$/);
  await expect(page.getByTestId('profile-header')).toContainText('Ada Lovelace');
});

test('rest_id in the address works', async ({ page }) => {
  await page.goto('/timeline?rest_id=1002');
  await expect(page.getByTestId('profile-header')).toContainText('Grace Hopper');
  await expect(page.locator('article').first()).toBeVisible();
});
