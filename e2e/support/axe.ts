import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The rules every page is held to: WCAG 2.0 and 2.1, levels A and AA. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The page's WCAG 2.1 A/AA violations (of the part `include` selects, or all of it), each as "rule: up to three
 * of the elements it names", so a failing `expect(...).toEqual([])` says what and where.
 */
export async function wcagViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(WCAG_21_AA);
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(' | ')}`,
  );
}

/** The looks a page is checked in: light and dark, on a desktop and on a 375 px phone. */
export const LOOKS = [
  { look: 'light', scheme: 'light', width: 1280 },
  { look: 'dark', scheme: 'dark', width: 1280 },
  { look: '375 px, light', scheme: 'light', width: 375 },
  { look: '375 px, dark', scheme: 'dark', width: 375 },
] as const;
