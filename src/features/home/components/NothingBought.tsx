/** The start page's "Already bought" section before anything was bought (or once all of it expired). */
export function NothingBought() {
  return (
    <div
      data-testid="bought-empty"
      className="rounded-2xl border border-dashed border-slate-300 px-4 py-8 text-center dark:border-slate-700"
    >
      <svg aria-hidden viewBox="0 0 24 24" className="mx-auto h-8 w-8 fill-none stroke-slate-400 stroke-[1.5]">
        <path d="M3 7.5 12 3l9 4.5v9L12 21l-9-4.5v-9Z M3 7.5l9 4.5 9-4.5 M12 12v9" strokeLinejoin="round" />
      </svg>
      <p className="mt-2 font-semibold text-slate-900 dark:text-white">Nothing bought yet</p>
      <p className="mx-auto mt-1 max-w-md text-sm text-slate-600 dark:text-slate-400">
        Open a timeline or run a search above. Whatever you buy is listed here, and opens again free, in this browser.
      </p>
    </div>
  );
}
