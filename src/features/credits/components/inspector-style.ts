export const term = 'text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400';
export const note = 'text-xs text-slate-600 dark:text-slate-400';
export const mono = 'font-mono text-xs';

export const CHARGED_WORDS = { yes: 'charged', no: 'not charged', unknown: 'may have been charged' } as const;
