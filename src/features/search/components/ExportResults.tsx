import type { SearchParams } from '../../../api/search';
import { downloadText } from '../../../lib/download';
import { pagesLabel } from '../pages-label';
import { useLoadedPages } from '../use-loaded-pages';
import { plural } from '../../../lib/plural';

const button =
  'rounded-full border border-slate-300 px-2.5 py-0.5 text-xs font-medium text-slate-700 hover:bg-slate-100 ' +
  'disabled:opacity-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800';

/** Saves what is loaded, never buys: every cached page of this search, as results (JSON, CSV) or as the raw answers. */
export function ExportResults({ params }: { params: SearchParams }) {
  const pages = useLoadedPages(params);
  const results = pages.reduce((count, page) => count + page.data.results.length, 0);
  const raw = pages.filter((page) => page.data.raw !== undefined).length;
  if (pages.length === 0) return null;
  // What writes the files loads with the first export: most searches are never exported.
  const save = (
    kind: 'results' | 'raw-pages',
    extension: 'csv' | 'json' | 'ndjson',
    type: string,
    text: (file: typeof import('../export')) => string | Promise<string>,
  ) =>
    void import('../export').then(async (file) =>
      downloadText(file.searchFileName(params.q, kind, extension), type, await text(file)),
    );
  return (
    <div
      data-testid="search-export"
      className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1.5 text-xs text-slate-600 dark:text-slate-400"
    >
      <span>
        Export the {plural(results, 'loaded result')} (page{pages.length === 1 ? '' : 's'}{' '}
        {pagesLabel(pages.map((page) => Number(page.search.page)))})
        <span className="text-emerald-700 dark:text-emerald-300"> · free, 0 credits</span>
      </span>
      <span className="flex flex-wrap gap-1.5">
        <button
          type="button"
          className={button}
          disabled={results === 0}
          onClick={() =>
            save('results', 'json', 'application/json', (file) => file.resultsJson(file.resultRows(pages)))
          }
        >
          Export JSON
        </button>
        <button
          type="button"
          className={button}
          disabled={results === 0}
          onClick={() =>
            save('results', 'csv', 'text/csv;charset=utf-8', async (file) =>
              (await import('../results-csv')).resultsCsv(file.resultRows(pages)),
            )
          }
        >
          Export CSV
        </button>
        <button
          type="button"
          className={button}
          disabled={raw === 0}
          title="The answers exactly as bought, one JSON line a page"
          onClick={() => save('raw-pages', 'ndjson', 'application/x-ndjson', (file) => file.rawPagesNdjson(pages))}
        >
          Export raw pages ({raw})
        </button>
      </span>
    </div>
  );
}
