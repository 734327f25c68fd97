import { useState, type FormEvent } from 'react';
import { searchPage, usePrice } from '../../../api/use-price';
import { BlockedNote, PriceChip } from '../../../components/CostHint';
import { card, input, submit } from '../styles';

/** A web search by its query alone (options live on the search page), with the price on the button. */
export function WebSearchCard({ onSearch }: { onSearch: (q: string) => void }) {
  const [q, setQ] = useState('');
  const [error, setError] = useState<string | null>(null);
  const query = q.trim();
  const price = usePrice({ operation: 'search', page: query ? searchPage({ q: query }) : null, settle: true });
  const search = (event: FormEvent) => {
    event.preventDefault();
    if (!query) {
      setError('Type what to search for');
      return;
    }
    onSearch(query);
  };
  return (
    <form role="search" aria-labelledby="start-search-title" onSubmit={search} noValidate className={card}>
      <h2 id="start-search-title" className="font-semibold text-slate-900 dark:text-white">
        Search the web
      </h2>
      <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
        Web results; site, language and paging on the search page.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <label htmlFor="start-q" className="sr-only">
          Search query
        </label>
        <input
          id="start-q"
          type="search"
          value={q}
          placeholder="rust async, #compilers…"
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => {
            setQ(event.target.value);
            setError(null);
          }}
          aria-invalid={error !== null}
          aria-describedby={error ? 'start-q-error' : undefined}
          className={input}
        />
        <button type="submit" data-testid="start-search" className={`${submit} bg-brand-600 hover:bg-brand-700`}>
          Search
          <PriceChip price={price} testId="cost-hint-search" />
        </button>
      </div>
      <BlockedNote price={price} className="mt-1.5" />
      {error && (
        <p id="start-q-error" role="alert" className="mt-1.5 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">
        A #hashtag in a post filters the posts already loaded, for free; searching the web for it is a separate, priced
        step.
      </p>
    </form>
  );
}
