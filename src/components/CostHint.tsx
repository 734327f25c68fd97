import { Link } from '@tanstack/react-router';
import type { Price } from '../api/cost';
import type { LimitOwner } from '../api/session';
import { usePrice, type Checking, type PriceRequest, type ViewerPrice } from '../api/use-price';
import { absoluteTime, boughtClock } from '../contract/dates/format';
import { useDateStyle } from '../lib/use-date-style';
import { creditsText } from '../lib/plural';

const free = 'text-emerald-700 dark:text-emerald-300';
const paid = 'text-amber-800 dark:text-amber-300';
const muted = 'text-slate-600 dark:text-slate-400';
const refused = 'text-red-800 dark:text-red-300';

/** Whose limit refuses a call, in the fewest words a control can carry: reached, or `left` less than the price. */
export function blockedWords(by: LimitOwner | null, left?: string): string {
  // The session's limit and the signed-in person's own (#28) are both the reader's.
  const whose = by === 'operator' ? "operator's limit" : by === 'personal' || by === 'person' ? 'your limit' : 'limit';
  return left === undefined ? `${whose} reached` : `over ${whose} · ${left} left`;
}

/**
 * A price as a control says it: "0 credits · in this browser", "0 credits · from archive", "0.1 credits"
 * ("≈ 0.1" when only this session's mean is known), or, when a limit refuses the call, why, and no price.
 */
export function PriceText({
  price,
  pages = 1,
  testId,
  id,
  className = '',
}: {
  price: Price | Checking | ViewerPrice;
  pages?: number;
  testId: string;
  id?: string;
  className?: string;
}) {
  const style = useDateStyle();
  const common = { id, 'data-testid': testId, 'data-price': price.kind };
  const base = `text-xs font-normal ${className}`;
  switch (price.kind) {
    case 'this-browser':
      return (
        <span {...common} title="This browser already holds it: nothing is asked for" className={`${base} ${free}`}>
          0 credits · in this browser
        </span>
      );
    case 'archive':
      return (
        <span
          {...common}
          title={`Bought ${absoluteTime(new Date(price.boughtAt).toISOString(), style)}; the server serves it again free`}
          className={`${base} ${free}`}
        >
          0 credits · from archive
        </span>
      );
    case 'viewer':
      // A viewer spends nothing (#28): no price on a control that would buy, and why. Archive copies open free.
      return (
        <span {...common} className={`${base} ${muted}`}>
          Viewers cannot buy pages
        </span>
      );
    case 'checking':
      return (
        <span {...common} className={`${base} ${muted}`}>
          checking price…
        </span>
      );
    case 'blocked':
      return (
        <span
          {...common}
          title="Paid calls are refused until the limit is raised: see the Credits page"
          className={`${base} ${refused}`}
        >
          {blockedWords(price.by, price.left)}
        </span>
      );
    case 'buy': {
      const each = price.credits === null ? null : `${price.estimate ? '≈ ' : ''}${price.credits}`;
      return (
        <span {...common} className={`${base} ${paid}`}>
          {each === null ? 'price not known yet' : pages === 1 ? creditsText(each) : `${pages} × ${each} credits`}
        </span>
      );
    }
  }
}

/**
 * What pressing a control will cost, inside or next to it so screen readers read it with the control. The
 * price comes from usePrice (src/api/use-price.ts), the one source every spending control reads.
 */
export function CostHint({
  pages = 1,
  id,
  className = '',
  ...request
}: PriceRequest & { pages?: number; id?: string; className?: string }) {
  const price = usePrice(request);
  return (
    <PriceText price={price} pages={pages} testId={`cost-hint-${request.operation}`} id={id} className={className} />
  );
}

const chip = 'rounded bg-white px-1 leading-snug dark:bg-slate-950';

/** CostHint on a light chip, readable inside a filled (dark or brand-coloured) button. */
export function CostChip(props: Parameters<typeof CostHint>[0]) {
  return (
    <span className={chip}>
      <CostHint {...props} />
    </span>
  );
}

/** PriceText on the same chip, for a control that reads its price itself (to say more, or to disable). */
export function PriceChip(props: Parameters<typeof PriceText>[0]) {
  return (
    <span className={chip}>
      <PriceText {...props} />
    </span>
  );
}

/**
 * Beside a control whose price is `blocked`: why nothing can be bought and where to change it. A link cannot
 * sit inside the control (a button or link itself), so it goes next to it. The control stays pressable: the
 * server refuses the call before anything is sent, and its answer names the limit in full.
 */
export function BlockedNote({ price, className = '' }: { price: Price | Checking | ViewerPrice; className?: string }) {
  if (price.kind !== 'blocked') return null;
  const limit =
    price.by === 'operator'
      ? "the server operator's credit limit"
      : price.by === 'person'
        ? 'your own limit on this server'
        : 'your credit limit for this session';
  // What may change it, said after the reason (the session's limit: the link says so).
  const until =
    price.by === 'operator'
      ? ', and only whoever runs creditscope can raise it.'
      : price.by === 'person'
        ? ' until its period starts again, or an admin raises it.'
        : '.';
  const why =
    price.left === undefined
      ? `Paid calls are refused: ${limit} is reached${until}`
      : `Refused: this call costs more than the ${price.left} credits ${limit} leaves${until}`;
  return (
    <p data-testid="blocked-note" className={`text-xs ${refused} ${className}`}>
      {why}{' '}
      <Link to="/credits" className="font-semibold underline">
        {price.by === 'operator' || price.by === 'person' ? 'See Credits' : 'Change it on Credits'}
      </Link>
    </p>
  );
}

/** Marks data this browser already held (src/api/purchase/origin.ts's words): it cost nothing this time. */
export function CachedBadge() {
  return (
    <span
      data-testid="cached-badge"
      className="rounded bg-emerald-50 px-1.5 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200"
    >
      in this browser · 0 credits
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
      {creditsText(credits)}
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
