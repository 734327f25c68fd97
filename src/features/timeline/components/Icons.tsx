/**
 * Icons from Lucide, drawn as strokes on a 24-unit grid, so each reads as the same shape from 14 px to 24 px.
 * Each is an empty box the style sheet paints through its glyph (icons.css, written from lucide-react by
 * scripts/icon-styles.ts; the rule is `[data-icon]` in styles.css): a timeline draws ten a post, and a box costs
 * the browser far less to mount while scrolling than an SVG element does, and the page's HTML and script carry
 * none of the paths. Decorative: the text or label next to each says what it is.
 */
type IconProps = { className?: string };

function icon(name: string, defaults = 'h-4 w-4') {
  const Icon = ({ className = defaults }: IconProps) => (
    <span aria-hidden="true" data-icon={name} className={className} />
  );
  Icon.displayName = `${name}Icon`;
  return Icon;
}

/** The platform's own badge shape (filled), which no icon set draws: its path is in icons.css too. */
export function VerifiedBadge({ className = 'h-4 w-4' }: IconProps) {
  return (
    <span
      role="img"
      aria-label="Verified account"
      title="Verified account"
      data-icon="verified"
      className={`text-brand-500 ${className}`}
      data-testid="verified-badge"
    />
  );
}

export const ReplyIcon = icon('reply');
export const RepostIcon = icon('repost');
export const QuoteIcon = icon('quote');
export const HeartIcon = icon('like');
export const BookmarkIcon = icon('bookmark');
export const ViewsIcon = icon('views');
export const PinIcon = icon('pin');
export const LocationIcon = icon('location');
export const CalendarIcon = icon('calendar');
export const LinkIcon = icon('link');
export const LockIcon = icon('lock');
export const MoreIcon = icon('more', 'h-5 w-5');
export const CopyLinkIcon = icon('copy-link');
export const OpenIcon = icon('open');
export const HashIcon = icon('hash');
export const ExternalIcon = icon('external');
export const RefreshIcon = icon('refresh');
export const SuspendedIcon = icon('suspended', 'h-6 w-6');
export const NotFoundIcon = icon('not-found', 'h-6 w-6');
/** Filled: a play badge on a thumbnail reads as a solid triangle. */
export const PlayIcon = icon('play', 'h-6 w-6');
