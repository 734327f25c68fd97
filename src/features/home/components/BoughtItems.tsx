import type { HistorySubject } from '../../../api/history';
import { FallibleImage } from '../../../components/FallibleImage';
import { Link } from '@tanstack/react-router';
import { searchPage, timelinePage } from '../../../api/use-price';
import { CostHint } from '../../../components/CostHint';
import { boughtAgo, type BoughtSearch, type BoughtTimeline } from '../bought';
import { plural } from '../../../lib/plural';

// On a phone the price moves under the text instead of squeezing the name; from `sm` it sits on the right.
const row =
  'grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 rounded-xl px-2 py-2 no-underline hover:bg-slate-50 focus-visible:bg-slate-50 ' +
  'sm:grid-cols-[auto_minmax(0,1fr)_auto] dark:hover:bg-slate-800/60 dark:focus-visible:bg-slate-800/60';
const lead = 'row-span-2 sm:row-span-1';
const price = 'col-start-2 whitespace-nowrap sm:col-start-auto';
const meta = 'truncate text-xs text-slate-600 dark:text-slate-400';

function Avatar({ url, name, className }: { url: string | null; name: string; className: string }) {
  const initial = (
    <span
      aria-hidden
      className={`flex h-10 w-10 items-center justify-center rounded-full bg-slate-200 font-bold text-slate-600
      dark:bg-slate-800 dark:text-slate-300 ${className}`}
    >
      {(name.replace(/^@/, '')[0] ?? '?').toUpperCase()}
    </span>
  );
  if (!url) return initial;
  return (
    <FallibleImage
      src={url}
      alt=""
      width={40}
      height={40}
      loading="lazy"
      referrerPolicy="no-referrer"
      className={`h-10 w-10 rounded-full bg-slate-200 object-cover dark:bg-slate-800 ${className}`}
      fallback={initial}
    />
  );
}

/**
 * How many pages of a user were bought and when, as History says it (the server's archive: every page, from
 * any browser), with how many of them this browser holds when that is fewer; this browser's own count until
 * History has answered.
 */
function boughtWords(entry: BoughtTimeline, archived: HistorySubject | null, now: number): string {
  const posts = plural(entry.posts, 'post');
  if (!archived) return `${plural(entry.pages, 'page')} · ${posts} · bought ${boughtAgo(entry.boughtAt, now)}`;
  const here = archived.pages > entry.pages ? ` (${entry.pages} in this browser)` : '';
  return `${plural(archived.pages, 'page')}${here} · ${posts} · last bought ${boughtAgo(Date.parse(archived.lastBoughtAt), now)}`;
}

/** One bought timeline; it opens from the cache, so the row says it is free. */
export function BoughtTimelineItem({
  entry,
  now,
  archived = null,
}: {
  entry: BoughtTimeline;
  now: number;
  /** History's overview row for this user, once read. */
  archived?: HistorySubject | null;
}) {
  const who = 'screen_name' in entry.search ? `@${entry.search.screen_name}` : `id ${entry.search.rest_id}`;
  return (
    <li>
      <Link to="/timeline" search={entry.search} data-testid="bought-timeline" className={row}>
        <Avatar url={entry.avatarUrl} name={entry.name ?? who} className={lead} />
        <span className="min-w-0">
          <span className="flex min-w-0 items-baseline gap-1.5">
            {entry.name && <span className="truncate font-semibold text-slate-900 dark:text-white">{entry.name}</span>}
            <span
              className={
                entry.name
                  ? 'min-w-0 shrink-[3] truncate text-sm text-slate-600 dark:text-slate-400'
                  : 'truncate font-semibold text-slate-900 dark:text-white'
              }
            >
              {who}
            </span>
          </span>
          <span className={`block ${meta}`} data-testid="bought-timeline-pages">
            {boughtWords(entry, archived, now)}
          </span>
        </span>
        <CostHint
          operation="timeline"
          page={timelinePage(
            'screen_name' in entry.search ? { screenName: entry.search.screen_name } : { restId: entry.search.rest_id },
          )}
          className={price}
        />
      </Link>
    </li>
  );
}

/** One bought search (a page of results); it opens from the cache. */
export function BoughtSearchItem({ entry, now }: { entry: BoughtSearch; now: number }) {
  const { q, site, hl, page } = entry.params;
  const options = [site && `site:${site}`, hl && `hl:${hl}`, page && `page:${page}`].filter(Boolean).join(' ');
  return (
    <li>
      <Link to="/search" search={{ ...entry.params }} data-testid="bought-search" className={row}>
        <span
          aria-hidden
          className={`flex h-10 w-10 items-center justify-center rounded-full bg-brand-50 text-brand-700
          dark:bg-brand-700/30 dark:text-sky-300 ${lead}`}
        >
          <svg viewBox="0 0 20 20" className="h-4 w-4 fill-current">
            <path d="M8.5 3a5.5 5.5 0 0 1 4.38 8.83l3.65 3.64a.75.75 0 1 1-1.06 1.06l-3.64-3.65A5.5 5.5 0 1 1 8.5 3Zm0 1.5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Z" />
          </svg>
        </span>
        <span className="min-w-0">
          <span className="block truncate font-semibold text-slate-900 dark:text-white">{q}</span>
          <span className={`block ${meta}`}>
            {options && (
              <>
                <span className="font-mono">{options}</span> ·{' '}
              </>
            )}
            {plural(entry.results, 'result')} · bought {boughtAgo(entry.boughtAt, now)}
          </span>
        </span>
        <CostHint operation="search" page={searchPage(entry.params)} className={price} />
      </Link>
    </li>
  );
}
