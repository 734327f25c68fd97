import { Link } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import { timelinePage, usePrice } from '../../../api/use-price';
import { PriceText } from '../../../components/CostHint';

/**
 * An author's name as a link to their timeline page, as on the platform. Opening it buys the first page, so
 * the price shows on hover and keyboard focus and describes the link for screen readers, before any click.
 * Following it is the person's act: in the app a click after a gesture lifts the arrival gate (main.tsx);
 * another site linking to the same address still meets the gate.
 */
export function AuthorLink({
  handle,
  className,
  children,
}: {
  handle: string;
  className: string;
  children: ReactNode;
}) {
  const priceId = useId();
  const cost = usePrice({ operation: 'timeline', page: timelinePage({ screenName: handle }) });
  return (
    <Link
      to="/timeline"
      search={{ screen_name: handle }}
      aria-describedby={priceId}
      data-testid="author-link"
      className={`group relative no-underline ${className}`}
    >
      {children}
      <span role="tooltip" data-testid="author-link-price" className="author-price-tip">
        <span id={priceId}>
          Opens @{handle}’s timeline · <PriceText price={cost} testId="cost-hint-timeline" />
        </span>
      </span>
    </Link>
  );
}
