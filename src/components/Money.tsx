import { lazy, Suspense } from 'react';
import type { CreditPrice } from '../contract/session';

// Only a server with CREDIT_PRICE set shows money: the arithmetic and formatting load there, not on every page.
const MoneyFigure = lazy(() => import('./MoneyFigure'));

/**
 * Credits in the operator's currency (CREDIT_PRICE), as a quiet figure beside them: "$0.0006". Nothing when
 * no price is set, so a page without one reads, and loads, as it always has.
 */
export function Money({
  credits,
  price,
  testId,
  id,
  className = 'text-slate-500 dark:text-slate-400',
}: {
  credits: string | null;
  price: CreditPrice | null | undefined;
  testId?: string;
  id?: string;
  className?: string;
}) {
  if (!price || credits === null) return null;
  return (
    <Suspense fallback={null}>
      <MoneyFigure credits={credits} price={price} testId={testId} id={id} className={className} />
    </Suspense>
  );
}
