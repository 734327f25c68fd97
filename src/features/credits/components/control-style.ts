// The Credits page's fields and plain buttons look alike in every section: one class list each, so a change of
// look is made once (and the page's chunk carries each list once).

/** A select, date or text field. */
export const control =
  'rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900';

/** A label stacked above its field. */
export const fieldLabel = 'flex flex-col text-xs font-medium text-slate-600 dark:text-slate-400';

/** A secondary action: outlined, dimmed while it cannot be used. */
export const outlineButton =
  'rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 disabled:opacity-40 dark:border-slate-700 dark:hover:bg-slate-800';

/** The base of a form's own buttons (set, add, confirm): each adds its colours. */
export const actionButton = 'rounded-md px-3 py-1.5 text-sm font-semibold disabled:opacity-40';
