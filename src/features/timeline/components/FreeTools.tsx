import { useState, type Ref } from 'react';
import type { Post } from '../../../contract/upstream/types';
import { filtersActive, hashtagOf, type PostFilters } from '../filters';
import { PaidPagesField } from './PaidPagesField';
import { WebSearchLink } from './WebSearchLink';

// The file is written on the click: the list shows the buttons, few visits press them.
const save = (posts: readonly Post[], who: string, format: 'csv' | 'json') =>
  void import('../export').then((file) => file.savePosts(posts, who, format));

const toggle =
  'flex cursor-pointer items-center gap-1.5 rounded-full border border-slate-300 px-2.5 py-1 text-sm has-[:checked]:border-brand-500 ' +
  'has-[:checked]:bg-brand-50 has-[:checked]:text-brand-700 dark:border-slate-700 dark:has-[:checked]:bg-brand-700/30 dark:has-[:checked]:text-sky-200';
const button =
  'rounded-full border border-slate-300 px-2.5 py-1 text-sm font-medium hover:bg-slate-100 disabled:opacity-50 dark:border-slate-700 dark:hover:bg-slate-800';

/**
 * Filters, find and export over the loaded posts (the export writes what the filters show): they never call the API, and say so. The filters are part
 * of the address (the route keeps them), so a filtered view can be shared and comes back on reload and Back. A hashtag clicked in a
 * post lands in the find box; searching the web for it is offered next to it, as a separate, priced step.
 */
export function FreeTools({
  filters,
  onChange,
  onFind,
  loaded,
  shown,
  who,
  autoLoad,
  onAutoLoad,
  paidPages,
  onPaidPages,
  findRef,
}: {
  filters: PostFilters;
  onChange: (patch: Partial<PostFilters>) => void;
  onFind: (text: string) => void;
  loaded: readonly Post[];
  /** The posts the filters let through: what the list shows is what the export writes. */
  shown: readonly Post[];
  who: string;
  autoLoad: boolean;
  onAutoLoad: (on: boolean) => void;
  /** Paid pages auto-load buys before it asks. */
  paidPages: number;
  onPaidPages: (pages: number) => void;
  findRef?: Ref<HTMLInputElement>;
}) {
  const tag = hashtagOf(filters.find);
  // On a phone the tools wait behind one button, so the posts come first; a filter in use keeps them open.
  const [opened, setOpened] = useState(false);
  const open = opened || filtersActive(filters);
  const phoneHidden = open ? '' : 'max-sm:hidden';
  const check = (key: 'hideReposts' | 'hideReplies' | 'mediaOnly', label: string) => (
    <label className={toggle}>
      <input
        type="checkbox"
        className="accent-brand-600"
        checked={filters[key]}
        onChange={(event) => onChange({ [key]: event.target.checked })}
      />
      {label}
    </label>
  );
  return (
    <section
      aria-labelledby="free-tools-title"
      data-testid="free-tools"
      className="border-b border-slate-200 px-4 py-3 dark:border-slate-800"
    >
      <h2 id="free-tools-title" className="text-sm font-semibold text-slate-900 dark:text-white">
        <button
          type="button"
          aria-expanded={open}
          aria-controls="free-tools-body"
          data-testid="free-tools-toggle"
          onClick={() => setOpened(!open)}
          className="flex w-full items-center justify-between gap-2 text-left sm:hidden"
        >
          <span>
            Tools: filter, find, export{' '}
            <span className="font-normal text-emerald-700 dark:text-emerald-300">· free, 0 credits</span>
          </span>
          <span aria-hidden="true">{open ? '▴' : '▾'}</span>
        </button>
        {/* From `sm` up the heading is spoken only: its "free, 0 credits" is shown on the count's row (one row less above the posts). */}
        <span className="sr-only max-sm:hidden">Tools for the loaded posts · free, 0 credits</span>
      </h2>
      <div id="free-tools-body" className={phoneHidden}>
        <div className="flex flex-wrap items-center gap-2 max-sm:mt-2">
          {check('hideReposts', 'Hide reposts')}
          {check('hideReplies', 'Hide replies')}
          {check('mediaOnly', 'Media only')}
          <input
            ref={findRef}
            type="search"
            value={filters.find}
            onChange={(event) => onFind(event.target.value)}
            placeholder="Find in loaded posts"
            aria-label="Find in loaded posts"
            className="min-w-0 flex-1 basis-40 scroll-mt-24 rounded-full border border-slate-300 bg-white px-3 py-1 text-sm dark:border-slate-700 dark:bg-slate-900"
          />
        </div>
        {tag && (
          <p
            data-testid="hashtag-offer"
            className="mt-2 flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm text-slate-600 dark:text-slate-400"
          >
            <span>Filtering loaded posts by #{tag}, free.</span>
            <WebSearchLink q={`#${tag}`} />
          </p>
        )}
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <span data-testid="shown-count" aria-live="polite">
            Showing {shown.length} of {loaded.length} loaded posts
          </span>
          <span aria-hidden="true" className="text-emerald-700 max-sm:hidden dark:text-emerald-300">
            · free, 0 credits
          </span>
          <span className="ml-auto flex gap-2">
            <button
              type="button"
              className={button}
              disabled={shown.length === 0}
              onClick={() => save(shown, who, 'json')}
            >
              Export JSON
            </button>
            <button
              type="button"
              className={button}
              disabled={shown.length === 0}
              onClick={() => save(shown, who, 'csv')}
            >
              Export CSV
            </button>
          </span>
        </div>
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-slate-100 pt-2 dark:border-slate-800">
          <label className="flex w-fit cursor-pointer items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
            <input
              type="checkbox"
              className="accent-brand-600"
              checked={autoLoad}
              onChange={(event) => onAutoLoad(event.target.checked)}
              data-testid="autoload-toggle"
            />
            Auto-load at the end <span className="text-amber-800 dark:text-amber-300">(each page costs credits)</span>
          </label>
          <PaidPagesField pages={paidPages} onPages={onPaidPages} disabled={!autoLoad} />
        </div>
      </div>
    </section>
  );
}
