/** The start page's surfaces, shared so its cards line up in both colour schemes. */
export const surface =
  'rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900/60';
export const card = `${surface} p-4 sm:p-5`;
export const input =
  'min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 ' +
  'focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 ' +
  'dark:placeholder:text-slate-400';
export const submit =
  'flex shrink-0 flex-col items-center justify-center gap-0.5 rounded-lg px-4 py-1.5 text-sm font-semibold leading-tight text-white ' +
  'focus-visible:ring-2 focus-visible:ring-brand-500/40 sm:min-w-36';
