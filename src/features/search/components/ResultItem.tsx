import type { SearchResult } from '../../../contract/upstream/types';
import { pathCrumbs, siteDomain } from '../../../contract/url';

/** One result the way search pages show it; a URL that is not http(s) stays text and is never a link. */
export function ResultItem({ result, rank }: { result: SearchResult; rank: number }) {
  return (
    <li data-testid="search-result" className="flex gap-3 py-3">
      <span
        aria-hidden
        className="w-7 shrink-0 pt-0.5 text-right font-mono text-xs tabular-nums text-slate-500 dark:text-slate-400"
      >
        {rank}
      </span>
      <div className="min-w-0 flex-1">
        <span className="sr-only">Result {rank}: </span>
        {result.href ? <WebLink result={result} href={result.href} /> : <NotALink result={result} />}
      </div>
    </li>
  );
}

function WebLink({ result, href }: { result: SearchResult; href: string }) {
  return (
    <>
      <p className="flex min-w-0 items-baseline gap-1.5 text-xs" title={result.url}>
        <span
          data-testid="result-domain"
          className="max-w-[70%] shrink-0 truncate font-semibold text-slate-800 dark:text-slate-200"
        >
          {siteDomain(href)}
        </span>
        <span data-testid="result-breadcrumb" className="min-w-0 truncate text-slate-600 dark:text-slate-400">
          {pathCrumbs(href)
            .map((crumb) => ` › ${crumb}`)
            .join('')}
        </span>
      </p>
      <h3 className="mt-0.5 text-base leading-snug font-medium">
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          className="break-words text-brand-700 [overflow-wrap:anywhere] visited:text-purple-800 hover:underline
            dark:text-blue-300 dark:visited:text-purple-300"
        >
          {result.title || result.url}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </h3>
      <p className="mt-0.5 truncate font-mono text-xs text-emerald-800 dark:text-emerald-300/90" title={result.url}>
        {result.url}
      </p>
    </>
  );
}

function NotALink({ result }: { result: SearchResult }) {
  return (
    <>
      <p className="text-xs">
        <span
          data-testid="not-a-link"
          className="rounded bg-slate-100 px-1.5 py-0.5 font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300"
        >
          not a web link
        </span>
      </p>
      <h3 className="mt-1 text-base leading-snug font-medium break-words text-slate-800 [overflow-wrap:anywhere] dark:text-slate-200">
        {result.title || 'Untitled'}
      </h3>
      <p
        className="mt-0.5 line-clamp-2 font-mono text-xs break-all text-slate-500 dark:text-slate-400"
        title={result.url}
      >
        {result.url}
      </p>
    </>
  );
}
