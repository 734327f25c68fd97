import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { alias } from './support/standin.ts';
import { settled } from './support/settle.ts';

const PAGES = [
  { name: 'timeline', path: () => `/timeline?screen_name=${alias('ada', 'axe')}`, ready: 'article' },
  { name: 'protected timeline', path: () => `/timeline?screen_name=${alias('linus', 'axe')}`, ready: 'main h1, main h2' },
  { name: 'search', path: () => '/search?q=accessible%20engines', ready: 'main ol li, main [role=list] li' },
  { name: 'credits', path: () => '/credits', ready: 'main h1' },
  { name: 'history', path: () => '/history', ready: '[aria-label="Pages, newest first"]' },
];

for (const scheme of ['light', 'dark'] as const) {
  for (const { name, path, ready } of PAGES) {
    test(`${name} has no WCAG 2.1 A/AA violations (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(path());
      await page.locator(ready).first().waitFor();
      await settled(page);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const summary = results.violations.map((violation) => `${violation.id}: ${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ')}`);
      expect(summary).toEqual([]);
    });
  }
}
