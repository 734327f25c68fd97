/** Previous / next page of the same search; `page` is 1-based. While a page loads the buttons stay focusable but do nothing. */
export function Pager({ page, hasNext, onPage, busy }: { page: number; hasNext: boolean; onPage: (page: number) => void; busy: boolean }) {
  const button = 'rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800';
  return (
    <nav aria-label="Result pages" className="mt-2 flex items-center justify-between gap-3 border-t border-slate-200 pt-3 dark:border-slate-800">
      <button type="button" className={button} disabled={page <= 1} aria-disabled={busy || undefined} onClick={() => !busy && onPage(page - 1)}>
        <span aria-hidden>← </span>Previous
      </button>
      <span className="text-sm text-slate-600 dark:text-slate-400" aria-current="page">Page {page}</span>
      <button type="button" className={button} disabled={!hasNext} aria-disabled={busy || undefined} onClick={() => !busy && onPage(page + 1)}>
        Next<span aria-hidden> →</span>
      </button>
    </nav>
  );
}
