/** Form controls shared by the Jobs and Watches pages, so their forms, quotes and panels line up in both colour schemes. */
export const field =
  'min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 placeholder:text-slate-500 ' +
  'focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 ' +
  'dark:placeholder:text-slate-400';
export const label = 'text-sm font-medium text-slate-800 dark:text-slate-200';
export const hint = 'text-xs text-slate-600 dark:text-slate-400';
export const problem = 'text-sm text-red-700 dark:text-red-300';
export const button =
  'inline-flex items-center gap-1.5 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 ' +
  'hover:bg-slate-50 disabled:opacity-50 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800';
export const primary =
  'inline-flex flex-wrap items-center justify-center gap-x-1.5 rounded-md bg-slate-900 px-3 py-2 text-sm font-semibold text-white ' +
  'hover:bg-slate-700 disabled:opacity-50 dark:bg-brand-600 dark:hover:bg-brand-700';
export const free = 'text-xs font-normal text-emerald-700 dark:text-emerald-300';
