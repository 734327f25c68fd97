import { Link } from '@tanstack/react-router';
import { searchPage } from '../../../api/use-price';
import { CostHint } from '../../../components/CostHint';

/** The one way a hashtag leads to a paid web search: an explicit link with the price in its name. */
export function WebSearchLink({ q, priceId, className = '' }: { q: string; priceId?: string; className?: string }) {
  return (
    <Link
      to="/search"
      search={{ q }}
      data-testid="web-search-link"
      className={`inline-flex items-baseline gap-1.5 rounded-md font-medium text-brand-700 no-underline hover:underline dark:text-sky-300 ${className}`}
    >
      Search the web for {q} <CostHint id={priceId} operation="search" page={searchPage({ q })} />
    </Link>
  );
}
