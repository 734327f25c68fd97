import {
  ArrowRight,
  Ban,
  Bookmark,
  CalendarDays,
  ChartNoAxesColumn,
  Ellipsis,
  ExternalLink,
  Hash,
  Heart,
  Link,
  Link2,
  Lock,
  MapPin,
  MessageCircle,
  MessageSquareQuote,
  Pin,
  Play,
  RefreshCw,
  Repeat2,
  UserRoundX,
  type LucideIcon,
} from 'lucide-react';

/**
 * Icons from Lucide (lucide-react): drawn as SVG strokes on a 24-unit grid, so each reads as the same
 * shape from 14 px to 24 px, and only the icons imported here reach the bundle. Decorative: the text or
 * label next to each says what it is.
 */
type IconProps = { className?: string };

const base = 'inline-block shrink-0';

function icon(Glyph: LucideIcon, name: string, defaults = 'h-4 w-4') {
  const Icon = ({ className = defaults }: IconProps) => (
    <Glyph aria-hidden="true" focusable="false" strokeWidth={2} data-icon={name} className={`${base} ${className}`} />
  );
  Icon.displayName = `${name}Icon`;
  return Icon;
}

/** The platform's own badge shape (filled), which no icon set draws; kept as its path. */
export function VerifiedBadge({ className = 'h-4 w-4' }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      role="img"
      aria-label="Verified account"
      className={`${base} text-brand-500 ${className}`}
      data-testid="verified-badge"
    >
      <title>Verified account</title>
      <path
        fill="currentColor"
        d="M22.25 12c0-1.43-.88-2.67-2.19-3.34.46-1.39.2-2.9-.81-3.91s-2.52-1.27-3.91-.81C14.67 2.63 13.43 1.75 12 1.75s-2.67.88-3.33 2.19c-1.4-.46-2.91-.2-3.92.81s-1.26 2.52-.8 3.91C2.63 9.33 1.75 10.57 1.75 12s.88 2.67 2.2 3.34c-.46 1.39-.21 2.9.8 3.91s2.52 1.26 3.91.81c.67 1.31 1.91 2.19 3.34 2.19s2.68-.88 3.34-2.19c1.39.45 2.9.2 3.91-.81s1.27-2.52.81-3.91c1.31-.67 2.19-1.91 2.19-3.34zm-11.71 4.2L6.8 12.46l1.41-1.42 2.26 2.26 4.8-5.23 1.47 1.36-6.2 6.77z"
      />
    </svg>
  );
}

export const ReplyIcon = icon(MessageCircle, 'reply');
export const RepostIcon = icon(Repeat2, 'repost');
export const QuoteIcon = icon(MessageSquareQuote, 'quote');
export const HeartIcon = icon(Heart, 'like');
export const BookmarkIcon = icon(Bookmark, 'bookmark');
export const ViewsIcon = icon(ChartNoAxesColumn, 'views');
export const PinIcon = icon(Pin, 'pin');
export const LocationIcon = icon(MapPin, 'location');
export const CalendarIcon = icon(CalendarDays, 'calendar');
export const LinkIcon = icon(Link, 'link');
export const LockIcon = icon(Lock, 'lock');
export const MoreIcon = icon(Ellipsis, 'more', 'h-5 w-5');
export const CopyLinkIcon = icon(Link2, 'copy-link');
export const OpenIcon = icon(ArrowRight, 'open');
export const HashIcon = icon(Hash, 'hash');
export const ExternalIcon = icon(ExternalLink, 'external');
export const RefreshIcon = icon(RefreshCw, 'refresh');
export const SuspendedIcon = icon(Ban, 'suspended', 'h-6 w-6');
export const NotFoundIcon = icon(UserRoundX, 'not-found', 'h-6 w-6');
/** Filled: a play badge on a thumbnail reads as a solid triangle. */
export const PlayIcon = ({ className = 'h-6 w-6' }: IconProps) => (
  <Play
    aria-hidden="true"
    focusable="false"
    fill="currentColor"
    strokeWidth={0}
    data-icon="play"
    className={`${base} ${className}`}
  />
);
