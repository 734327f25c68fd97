import { useQuery } from '@tanstack/react-query';
import { sessionQueryOptions } from '../../../api/session';

/** Demo mode must be impossible to mistake for real data. */
export function ModeBadge() {
  const { data } = useQuery(sessionQueryOptions());
  if (data?.mode !== 'demo') return null;
  return (
    <span
      data-testid="demo-badge"
      title={`No API_BASE_URL/API_TOKEN set: data comes from the ${data.upstream}`}
      className="shrink-0 rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide text-amber-900 dark:bg-amber-900/60 dark:text-amber-100"
    >
      {/* "Demo" alone on a phone: the header's row keeps room for the meter. */}
      Demo<span className="max-sm:hidden"> mode</span>
    </span>
  );
}
