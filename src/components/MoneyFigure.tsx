import type { CreditPrice } from '../contract/session';
import { creditsAsMoney } from '../contract/money';

/** Credits in the operator's currency, formatted: loaded only where a price is set (Money.tsx). */
export default function MoneyFigure({
  credits,
  price,
  testId,
  id,
  className,
}: {
  credits: string;
  price: CreditPrice;
  testId?: string;
  id?: string;
  className: string;
}) {
  return (
    <span id={id} data-testid={testId} className={`tabular-nums ${className}`}>
      {creditsAsMoney(credits, price)}
    </span>
  );
}
