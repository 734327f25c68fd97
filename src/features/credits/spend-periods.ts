/** The periods the spend breakdown offers: a module of its own, read by the Credits page's address schema in the shell. */
export const PERIODS = ['session', 'today', '7d', '30d', 'all', 'custom'] as const;
export type SpendPeriod = (typeof PERIODS)[number];
