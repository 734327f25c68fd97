import { Link } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { absoluteTime, relativeTime } from '../../../contract/dates/format';
import { useDateStyle } from '../../../lib/use-date-style';

/** Where a card's time leads: the post's free page, and the platform's own page when the answer gave it. */
export interface PostAddress {
  handle: string;
  id: string;
  permalink?: string | null;
}

/**
 * "3h" or "Nov 18" on screen, the full local date and time on hover and for machines. With an address it is
 * the post's permalink, as on the platform: a link to its free page (middle-click, copy link address and the
 * keyboard work), and Alt-click opens the platform's page instead when there is one.
 */
export function PostTime({ iso, address }: { iso: string | null; address?: PostAddress | null }) {
  const style = useDateStyle();
  if (!iso) return null;
  const when = absoluteTime(iso, style);
  const permalink = address?.permalink;
  const time = (
    <time dateTime={iso} title={permalink ? `${when} · Alt-click: open it on the platform` : when}>
      {relativeTime(iso, style)}
    </time>
  );
  if (!address) return <span className="whitespace-nowrap text-slate-600 dark:text-slate-400">{time}</span>;
  const { handle, id } = address;
  const openOnPlatform = (event: MouseEvent) => {
    if (!permalink || !event.altKey) return;
    event.preventDefault();
    window.open(permalink, '_blank', 'noopener,noreferrer');
  };
  return (
    <Link
      to="/timeline/$handle/post/$id"
      params={{ handle, id }}
      onClick={openOnPlatform}
      data-testid="post-permalink"
      className="whitespace-nowrap text-slate-600 no-underline hover:underline dark:text-slate-400"
    >
      {time}
    </Link>
  );
}
