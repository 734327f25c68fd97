import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { untilHydrated } from './support/rendering.ts';
import { settled } from './support/settle.ts';
import { alias } from './support/standin.ts';

/**
 * One date style per page (src/contract/dates/date-format.ts): every date and time a page shows is written in the reader's
 * language and clock, through the same few styles. A German, 24-hour reader finds no "PM", no English month and
 * no ISO date on the timeline, a post, search, History, Credits or Jobs; an American reader no "05:15 PM" beside
 * "5:15 PM". ISO stays where it is meant: file names, `datetime` attributes, date inputs.
 */
const ENGLISH_MONTH =
  /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b(?!\.)|\b(?:January|February|March|April|June|July|August|September|October|December)\b/;
const ISO_DATE = /\b\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2})?/;
const TWELVE_HOUR = /\b\d{1,2}:\d{2}(?::\d{2})?\s?[AP]M\b/;
const PADDED_TWELVE_HOUR = /(?<![\d:])0\d:\d{2}(?::\d{2})?\s?[AP]M\b/;

/** The page's visible text (the stand-in's posts and results hold no dates of their own). */
async function visibleText(page: Page): Promise<string> {
  return page.locator('body').innerText();
}

function offending(text: string, patterns: RegExp[]): string[] {
  return text
    .split('\n')
    .filter((line) => patterns.some((pattern) => pattern.test(line)))
    .map((line) => line.trim());
}

async function pagesOfASession(browser: Browser, locale: string, handle: string) {
  const context = await browser.newContext({ locale, timezoneId: 'Pacific/Auckland' });
  const page = await context.newPage();
  const visits: { name: string; open: () => Promise<void> }[] = [
    {
      name: 'timeline',
      open: async () => {
        await page.goto(`/timeline?screen_name=${handle}`);
        await expect(page.locator('article[data-testid="post"]').first()).toBeVisible();
      },
    },
    {
      name: 'post',
      open: async () => {
        await page.getByTestId('post-permalink').first().click();
        await expect(page.getByTestId('post-view')).toBeVisible();
      },
    },
    {
      name: 'search',
      open: async () => {
        await page.goto(`/search?q=${handle}-dates`);
        await expect(page.getByTestId('search-result').first()).toBeVisible();
      },
    },
    {
      name: 'history',
      open: async () => {
        await page.goto('/history');
        await expect(page.getByText(`@${handle}`, { exact: false }).first()).toBeVisible();
      },
    },
    {
      name: 'credits',
      open: async () => {
        await page.goto('/credits');
        await expect(page.getByTestId('ledger-row').first()).toBeVisible();
      },
    },
    {
      name: 'jobs',
      open: async () => {
        await page.goto('/jobs');
        await page.getByTestId('job-handles').fill(handle);
        await page.getByTestId('job-pages').fill('1');
        await page.getByTestId('job-quote').click();
        await page.getByTestId('job-start').click();
        await expect(page.getByTestId('job-view')).toBeVisible();
      },
    },
  ];
  const texts: { name: string; text: string }[] = [];
  for (const visit of visits) {
    await visit.open();
    await untilHydrated(page);
    await settled(page);
    texts.push({ name: visit.name, text: await visibleText(page) });
  }
  await context.close();
  return texts;
}

test('a German reader in Auckland reads every date in German, 24-hour, never ISO', async ({ browser }) => {
  const pages = await pagesOfASession(browser, 'de-DE', alias('ada', 'datesde'));
  for (const { name, text } of pages)
    expect(offending(text, [ENGLISH_MONTH, ISO_DATE, TWELVE_HOUR]), `on ${name}`).toEqual([]);
});

test('an American reader reads every time one way (5:15 PM, never 05:15 PM), never ISO', async ({ browser }) => {
  const pages = await pagesOfASession(browser, 'en-US', alias('ada', 'datesus'));
  for (const { name, text } of pages) expect(offending(text, [ISO_DATE, PADDED_TWELVE_HOUR]), `on ${name}`).toEqual([]);
});
