import { Link } from '@tanstack/react-router';
import { CostHint } from '../../../components/CostHint';

const EXAMPLES = [
  { label: 'search engines', search: { q: 'search engines' } },
  { label: 'rust async · site:docs.example.com', search: { q: 'rust async', site: 'docs.example.com' } },
  { label: 'recettes · hl:fr · 20 results', search: { q: 'recettes', hl: 'fr', num: 20 } },
];

/** Shown for an empty query: nothing is bought until there is something to search for. */
export function SearchIntro() {
  return (
    <div
      data-testid="search-intro"
      className="mt-6 rounded-xl border border-dashed border-slate-300 p-5 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400"
    >
      <p className="font-semibold text-slate-900 dark:text-white">Type a query and press Enter.</p>
      <p className="mt-1">
        Each search is one paid call (<CostHint operation="search" />
        ). A search you already ran opens free, in this browser or from archive; Refresh buys it again. Press{' '}
        <kbd className="rounded border border-slate-300 px-1 font-mono text-xs dark:border-slate-600">/</kbd> to jump to
        the box.
      </p>
      <p className="mt-3 text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">Try</p>
      <ul className="mt-1 flex flex-wrap gap-2">
        {EXAMPLES.map((example) => (
          <li key={example.label}>
            <Link
              to="/search"
              search={example.search}
              className="inline-block rounded-full border border-slate-300 px-3 py-1 text-slate-700 no-underline hover:border-brand-500
                hover:text-brand-700 dark:border-slate-700 dark:text-slate-300 dark:hover:text-brand-100"
            >
              {example.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
