import { Link } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import { timelinePage, usePrice } from '../../../api/use-price';
import { PriceText } from '../../../components/CostHint';
import { PopoverButton } from '../../../components/Popover';

/**
 * An author or @mention. Opening a timeline buys a page, so a click first opens a small menu that says what
 * the timeline costs ("0.1 credits", "0 credits · in this browser" when this browser bought it, or "0 credits ·
 * from archive" when the server's archive would serve it free); the button is
 * described by that same price, so a screen reader hears it before anything is pressed.
 */
export function ProfileMenu({
  handle,
  name,
  className = '',
  children,
}: {
  handle: string;
  name?: string | null;
  className?: string;
  children: ReactNode;
}) {
  const priceId = useId();
  const cost = usePrice({ operation: 'timeline', page: timelinePage({ screenName: handle }) });
  return (
    <PopoverButton
      label={children}
      panelLabel={`@${handle}`}
      describedBy={priceId}
      className={className}
      testId="profile-menu-trigger"
    >
      <span className="block truncate px-2 pt-1 pb-1.5 text-xs text-slate-600 dark:text-slate-400">
        {name ? (
          <>
            <span className="font-semibold text-slate-900 dark:text-white">{name}</span> ·{' '}
          </>
        ) : null}
        @{handle}
      </span>
      <Link
        to="/timeline"
        search={{ screen_name: handle }}
        data-testid="open-timeline"
        className="flex flex-wrap items-baseline justify-between gap-x-3 rounded-lg px-2 py-2 font-semibold text-slate-900 no-underline
          hover:bg-slate-100 focus-visible:bg-slate-100 dark:text-white dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800"
      >
        <span className="min-w-0 [overflow-wrap:anywhere]">Open @{handle}’s timeline</span>
        <PriceText id={priceId} price={cost} testId="cost-hint-timeline" className="shrink-0 whitespace-nowrap" />
      </Link>
      <span className="block px-2 pt-1 pb-1 text-xs text-slate-500 dark:text-slate-400">
        {cost.kind === 'this-browser'
          ? 'Bought before: it opens from this browser.'
          : cost.kind === 'archive'
            ? 'Bought before on this server: its archive serves it again, free.'
            : cost.kind === 'blocked'
              ? 'A credit limit is reached, or leaves less than this costs: not bought (see Credits).'
              : 'Buys the profile and the first page of posts.'}
      </span>
    </PopoverButton>
  );
}
