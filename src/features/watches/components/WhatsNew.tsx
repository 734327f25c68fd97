import { Check } from 'lucide-react';
import type { NewItem, NewItemsPage, Watch } from '../../../api/watches';
import { button, hint } from '../../../components/form-styles';
import { plural } from '../../../lib/plural';
import { useMarkSeen } from '../use-watch-actions';
import { moment } from '../watch-words';

/** The items of one watch, in the order found (the server's order). */
function byWatch(items: readonly NewItem[]): Map<string, NewItem[]> {
  const groups = new Map<string, NewItem[]>();
  for (const item of items) groups.set(item.watchId, [...(groups.get(item.watchId) ?? []), item]);
  return groups;
}

/**
 * Where an item opens free. A post opens in its watch's timeline, whose first page the run just put in the
 * server's archive (served from there, 0 credits); the post's own page (the server's `link` for a post) shows only
 * posts this browser has loaded, which a run on the server never is. A result opens its search, from the archive.
 */
function openFree(item: NewItem, watch: Watch | undefined): string {
  const target = watch?.target;
  if (item.kind !== 'post' || !target) return item.link;
  if (target.screen_name !== undefined) return `/timeline?screen_name=${encodeURIComponent(target.screen_name)}`;
  if (target.rest_id !== undefined) return `/timeline?rest_id=${encodeURIComponent(target.rest_id)}`;
  return item.link;
}

/** The next page of what is new: whether there is one, whether it is on its way, and how to ask for it. */
interface More {
  available: boolean;
  loading: boolean;
  show: () => unknown;
}

/**
 * What the person's watches found that they have not seen, by watch: the newest first, a page at a time ("Show
 * more" reads the next from the server, free), each watch's heading counting all of its items, loaded or not.
 * Each item opens from the archive (free: the run bought it already); "Mark as seen" clears one watch's or all of
 * them, and the navigation's count.
 */
export function WhatsNew({
  pages,
  watches,
  more,
}: {
  pages: readonly NewItemsPage[];
  watches: readonly Watch[];
  more: More;
}) {
  const seen = useMarkSeen();
  const items = pages.flatMap((page) => page.items);
  const byWatchCount = pages[0]?.byWatch ?? {};
  if (items.length === 0)
    return (
      <p className={hint} data-testid="new-empty">
        Nothing new: what a watch finds shows here until you mark it seen.
      </p>
    );
  const watchOf = (id: string) => watches.find((watch) => watch.id === id);
  const nameOf = (id: string) => watchOf(id)?.name ?? 'A watch';
  return (
    <div className="space-y-4" data-testid="new-items">
      <button type="button" className={button} data-testid="new-seen-all" onClick={() => seen.mutate(undefined)}>
        <Check aria-hidden className="h-4 w-4" />
        Mark all as seen
      </button>
      {[...byWatch(items)].map(([watchId, found]) => (
        <section
          key={watchId}
          aria-label={`New from ${nameOf(watchId)}`}
          data-testid="new-group"
          data-watch-id={watchId}
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-sm font-semibold text-slate-900 dark:text-white">
              {nameOf(watchId)} ·{' '}
              <span data-testid="new-group-count">
                {plural(Math.max(byWatchCount[watchId] ?? 0, found.length), 'new item')}
              </span>
            </h3>
            <button type="button" className={button} data-testid="new-seen-watch" onClick={() => seen.mutate(watchId)}>
              <Check aria-hidden className="h-4 w-4" />
              Mark as seen
            </button>
          </div>
          <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
            {found.map((item) => (
              <li key={item.key} data-testid="new-item" data-key={item.key} className="py-2 text-sm">
                <a
                  href={openFree(item, watchOf(watchId))}
                  className="break-words text-brand-700 underline dark:text-sky-300"
                >
                  {item.preview || item.key}
                </a>
                <p className={hint}>
                  {item.kind === 'post' ? 'Post' : 'Result'} found {moment(item.foundAt)}
                  {!item.matched && ' · no match word'} · opens free from the archive
                </p>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {more.available && (
        <button
          type="button"
          className={button}
          data-testid="new-show-more"
          disabled={more.loading}
          onClick={() => void more.show()}
        >
          {more.loading ? 'Reading…' : `Show more (${items.length} of ${pages[0]?.count ?? items.length} shown)`}
        </button>
      )}
    </div>
  );
}
