import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { fetchNewCount, NEW_COUNT_POLL_MS, watchesNewCountKey } from '../../../api/watches-count';

/**
 * The Watches link, with how many new items wait unseen: on every page, so it reads only the count (no schema,
 * no list code; those load with the Watches page).
 */
export function WatchesNavLink(props: { className: string; activeProps: { className: string } }) {
  const { data: count } = useQuery({
    queryKey: watchesNewCountKey,
    queryFn: ({ signal }) => fetchNewCount(signal),
    staleTime: 0,
    refetchInterval: NEW_COUNT_POLL_MS,
    meta: { persist: false },
  });
  return (
    <Link to="/watches" {...props} aria-label={count ? `Watches, ${count} new` : undefined}>
      Watches
      {!!count && (
        <span
          data-testid="watches-new-count"
          className="ml-1 rounded-full bg-sky-700 px-1.5 text-xs font-semibold tabular-nums text-white"
        >
          {count}
        </span>
      )}
    </Link>
  );
}
