import { useQuery } from '@tanstack/react-query';
import { expectedCost, type PaidOperation } from '../api/cost';
import { sessionQueryOptions } from '../api/session';
import { isViewer, meQueryOptions } from '../api/auth/me';
import { absoluteTime, boughtClock } from '../lib/format';
import { useDateStyle } from '../lib/use-date-style';

/**
 * What pressing a control will cost, inside or next to it so screen readers read it with the control:
 * "≈ 0.1 credits" (the server's price, else this session's average), "cached · 0 credits" when the
 * answer is already in the query cache, or "from archive · 0 credits" when the server would serve it free.
 */
export function CostHint({
  operation,
  pages = 1,
  cached = false,
  archivedAt = null,
  id,
  className = '',
}: {
  operation: PaidOperation;
  pages?: number;
  cached?: boolean;
  id?: string;
  className?: string;
  /** When the server's archive holds the page and would serve it free: the time it was bought. */
  archivedAt?: number | null;
}) {
  const { data } = useQuery(sessionQueryOptions());
  const viewer = isViewer(useQuery(meQueryOptions()).data);
  const style = useDateStyle();
  const cost = expectedCost(data, operation);
  if (!cached && archivedAt !== null) {
    return (
      <span
        id={id}
        data-testid={`cost-hint-${operation}`}
        data-archived="true"
        title={`Bought ${absoluteTime(new Date(archivedAt).toISOString(), style)}; the server serves it again free`}
        className={`text-xs font-normal text-emerald-700 dark:text-emerald-300 ${className}`}
      >
        from archive · 0 credits
      </span>
    );
  }
  if (cached) {
    return (
      <span
        id={id}
        data-testid={`cost-hint-${operation}`}
        data-cached="true"
        className={`text-xs font-normal text-emerald-700 dark:text-emerald-300 ${className}`}
      >
        cached · 0 credits
      </span>
    );
  }
  if (viewer) return <ViewerCannotBuy id={id} operation={operation} className={className} />;
  const label = cost === null ? 'price not known yet' : `≈ ${pages === 1 ? cost : `${pages} × ${cost}`} credits`;
  return (
    <span
      id={id}
      data-testid={`cost-hint-${operation}`}
      className={`text-xs font-normal text-amber-800 dark:text-amber-300 ${className}`}
    >
      {label}
    </span>
  );
}

/** A viewer spends nothing (#28): no price on a control that would buy, and why. Archive copies still open free. */
function ViewerCannotBuy({ id, operation, className }: { id?: string; operation: PaidOperation; className: string }) {
  return (
    <span
      id={id}
      data-testid={`cost-hint-${operation}`}
      data-viewer="true"
      className={`text-xs font-normal text-slate-600 dark:text-slate-400 ${className}`}
    >
      Viewers cannot buy pages
    </span>
  );
}

/** CostHint on a light chip, readable inside a filled (dark or brand-coloured) button. */
export function CostChip(props: Parameters<typeof CostHint>[0]) {
  return (
    <span className="rounded bg-white px-1 leading-snug dark:bg-slate-950">
      <CostHint {...props} />
    </span>
  );
}

/** Marks data served from the query cache: it cost nothing this time. */
export function CachedBadge() {
  return (
    <span
      data-testid="cached-badge"
      className="rounded bg-emerald-50 px-1.5 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200"
    >
      cached · 0 credits
    </span>
  );
}

/** Marks data bought by this view, with what it cost. */
export function PaidBadge({ credits }: { credits: string }) {
  return (
    <span
      data-testid="paid-badge"
      className="rounded bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200"
    >
      {credits} credits
    </span>
  );
}

/** Marks data the server served from its archive: bought before (maybe in another browser), free now. */
export function ArchiveBadge({ boughtAt, pages = 1 }: { boughtAt: number; pages?: number }) {
  const style = useDateStyle();
  const when = absoluteTime(new Date(boughtAt).toISOString(), style);
  return (
    <span
      data-testid="archive-badge"
      title={`Served free from the server's archive: first bought ${when}. Nothing was spent now.`}
      className="rounded bg-sky-50 px-1.5 py-0.5 text-xs font-medium text-sky-900 dark:bg-sky-950 dark:text-sky-200"
    >
      {pages > 1 ? `${pages} pages ` : ''}from archive · bought {boughtClock(boughtAt, style)} · 0 credits
      <span className="sr-only">. First bought {when}; nothing was spent now.</span>
    </span>
  );
}
