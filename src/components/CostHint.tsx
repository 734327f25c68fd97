import { useQuery } from '@tanstack/react-query';
import { expectedCost, type PaidOperation } from '../api/cost';
import { sessionQueryOptions } from '../api/session';

/** "≈ 0.1 credits" next to anything that will buy data, estimated from this session's ledger. */
export function CostHint({ operation, pages = 1 }: { operation: PaidOperation; pages?: number }) {
  const { data } = useQuery(sessionQueryOptions());
  const cost = expectedCost(data, operation);
  const label = cost === null ? 'cost shown after the first call' : `≈ ${pages === 1 ? cost : `${pages} × ${cost}`} credits`;
  return <span data-testid={`cost-hint-${operation}`} className="text-xs font-normal text-amber-800 dark:text-amber-300">{label}</span>;
}

/** Marks data served from the query cache: it cost nothing this time. */
export function CachedBadge() {
  return (
    <span data-testid="cached-badge" className="rounded bg-emerald-50 px-1.5 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
      cached · 0 credits
    </span>
  );
}

/** Marks data bought by this view, with what it cost. */
export function PaidBadge({ credits }: { credits: string }) {
  return (
    <span data-testid="paid-badge" className="rounded bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200">
      {credits} credits
    </span>
  );
}
