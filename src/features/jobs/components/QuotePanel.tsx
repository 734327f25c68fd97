import { Play } from 'lucide-react';
import type { JobQuote } from '../../../api/jobs';
import { Link } from '@tanstack/react-router';
import { plural, startBlocked, startLabel } from '../job-words';
import { hint, primary } from '../styles';
import { QuoteItems } from './QuoteItems';
import { QuoteMoney } from './QuoteMoney';
import { creditsText } from '../../../lib/plural';

/**
 * The most the job can cost, what of it the archive already holds (free), and whether the budget covers
 * it. Nothing is bought until Start, which carries the price.
 */
/** Only the prices the quote used: a kind with no price yet has nothing of it to buy. */
function priceWords({ price }: JobQuote): string {
  const known = [
    price.timeline && `timeline page ${price.timeline}`,
    price.search && `search page ${price.search}`,
  ].filter(Boolean);
  return known.length ? `${known.join(', ')} credits` : 'no price needed';
}

/** Where "likely" comes from: the handles whose archived profile gives a post count, or why it is the at most. */
function LikelyWords({ quote }: { quote: JobQuote }) {
  const counted = quote.items.filter((item) => item.profilePosts !== null);
  if (counted.length === 0)
    return <>Likely is the same: the archive holds no profile that says how many posts a handle has.</>;
  return (
    <>
      Likely: {plural(quote.likelyPagesToBuy, 'page')}, as each profile&apos;s post count says (
      {counted
        .slice(0, 3)
        .map((item) => `@${item.subject} ${plural(item.profilePosts!, 'post')}`)
        .join(', ')}
      {counted.length > 3 ? ` and ${counted.length - 3} more` : ''}); a timeline that ends sooner costs less.
    </>
  );
}

export function QuotePanel({
  quote,
  onStart,
  starting,
  changed,
}: {
  quote: JobQuote;
  onStart: () => void;
  starting: boolean;
  changed: boolean;
}) {
  return (
    <section
      aria-labelledby="job-quote-title"
      data-testid="job-quote-panel"
      className="space-y-3 rounded-lg border border-amber-300 bg-amber-50/60 p-3 dark:border-amber-800 dark:bg-amber-950/30"
    >
      <h3 id="job-quote-title" className="text-sm font-semibold text-slate-900 dark:text-white">
        Quote
      </h3>
      {changed && (
        <p
          role="alert"
          data-testid="job-quote-changed"
          className="text-sm font-medium text-amber-900 dark:text-amber-100"
        >
          The quote changed since you saw it (a page was bought or the budget moved): here is the new one. Nothing was
          bought.
        </p>
      )}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <div>
          <dt className={hint}>At most</dt>
          <dd className="font-semibold tabular-nums text-slate-900 dark:text-white" data-testid="quote-max">
            {quote.maxCredits} credits
            <QuoteMoney credits={quote.maxCredits} testId="quote-max-money" />
          </dd>
          <dd className={`${hint} tabular-nums`} data-testid="quote-likely">
            likely {quote.likelyCredits}
          </dd>
        </div>
        <div>
          <dt className={hint}>Pages to buy</dt>
          <dd className="tabular-nums" data-testid="quote-to-buy">
            {quote.pagesToBuy}
          </dd>
        </div>
        <div>
          <dt className={hint}>In the archive (free)</dt>
          <dd className="tabular-nums" data-testid="quote-archived">
            {quote.pagesInArchive}
          </dd>
        </div>
        <div>
          <dt className={hint}>Budget left</dt>
          <dd className="tabular-nums" data-testid="quote-budget">
            {quote.budgetLeft === null ? 'no limit' : creditsText(quote.budgetLeft)}
          </dd>
        </div>
      </dl>
      <p className={hint}>
        {plural(quote.pagesToBuy, 'page')} × the price ({priceWords(quote)}); pages the archive holds cost nothing. The
        job never spends past that. <LikelyWords quote={quote} />
      </p>
      <p
        data-testid="quote-fits"
        data-fits={quote.fits}
        className={`text-sm font-medium ${quote.fits ? 'text-emerald-800 dark:text-emerald-300' : 'text-red-800 dark:text-red-300'}`}
      >
        {quote.fits
          ? 'It fits in the budget.'
          : `It does not fit in the ${quote.budgetLeft ?? '0'} credits the limit leaves: the job will stop when the limit is reached.`}
      </p>
      <QuoteItems items={quote.items} />
      <button
        type="button"
        onClick={onStart}
        disabled={starting || startBlocked(quote)}
        aria-busy={starting}
        className={primary}
        data-testid="job-start"
      >
        <Play aria-hidden className="h-4 w-4" />
        {starting ? 'Starting…' : startLabel(quote)}
      </button>
      {startBlocked(quote) && (
        <p data-testid="blocked-note" className="text-xs text-red-800 dark:text-red-300">
          A credit limit leaves nothing for the pages to buy, so nothing can be started.{' '}
          <Link to="/credits" className="font-semibold underline">
            Change it on Credits
          </Link>
        </p>
      )}
    </section>
  );
}
