import { test as base, expect, type Page, type Response } from '@playwright/test';
import { untilHydrated } from './rendering.ts';

export { expect };

type Navigation = 'goto' | 'reload' | 'goBack' | 'goForward';

/**
 * Playwright's `test`, whose page waits after each navigation until React runs a server-rendered page,
 * as a person waits for a page to be ready: before then its buttons do nothing (links still work). Tests of
 * that first moment itself open pages of their own (e2e/server-render.spec.ts).
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    for (const method of ['goto', 'reload', 'goBack', 'goForward'] as const satisfies Navigation[]) {
      const navigate = page[method].bind(page) as (...args: unknown[]) => Promise<Response | null>;
      Object.assign(page, {
        [method]: async (...args: unknown[]) => {
          const response = await navigate(...args);
          await untilHydrated(page);
          return response;
        },
      } satisfies Partial<Record<Navigation, unknown>>);
    }
    await use(page as Page);
  },
});
