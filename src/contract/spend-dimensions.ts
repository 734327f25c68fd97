/**
 * What the spend breakdown groups by (src/contract/spend.ts): a module of its own, with nothing else, because the
 * Credits page's address schema reads it in the app's shell.
 */
export const SPEND_DIMENSIONS = ['handle', 'query', 'day', 'job', 'person', 'watch'] as const;
export type SpendDimension = (typeof SPEND_DIMENSIONS)[number];
