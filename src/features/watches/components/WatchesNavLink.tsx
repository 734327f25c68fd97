import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { apiFetch } from '../../../api/client';
import { watchesNewCountKey } from '../../../api/watches-count';

/**
 * The Watches link, with how many new items wait unseen. On every page, so it asks for the count alone
 * (`/api/_watches/new/count`: no items, no schema: anything but a number reads as none), every 15 s: watches run on
 * the server, out of this tab's sight.
 */
export function WatchesNavLink(props: { className: string; activeProps: { className: string } }) {
  const { data: count } = useQuery({
    queryKey: watchesNewCountKey,
    queryFn: async ({ signal }) =>
      Number(((await apiFetch('/api/_watches/new/count', { signal })).json as { count?: 0 })?.count) || 0,
    refetchInterval: 15_000,
    meta: { persist: false },
  });
  return (
    <Link to="/watches" {...props}>
      Watches
      {!!count && (
        <span data-testid="watches-new-count" className="ml-1 rounded-full bg-sky-700 px-1.5 text-xs text-white">
          {count}
        </span>
      )}
    </Link>
  );
}
