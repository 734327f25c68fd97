import sprite from './icons.svg?no-inline';

/**
 * Icons from Lucide, drawn as SVG strokes on a 24-unit grid, so each reads as the same shape from 14 px to
 * 24 px. Each is a `<use>` of one symbol in a cacheable sprite file (icons.svg, written from lucide-react by
 * scripts/icon-sprite.ts): a timeline draws dozens of them, and the page's HTML carries none of their paths.
 * Decorative: the text or label next to each says what it is. Each sits inline and never shrinks
 * (styles.css, `svg[data-icon]`): one rule, not the same classes on every icon of a timeline.
 */
type IconProps = { className?: string };

function icon(name: string, defaults = 'h-4 w-4') {
  const Icon = ({ className = defaults }: IconProps) => (
    <svg aria-hidden="true" data-icon={name} className={className}>
      <use href={`${sprite}#${name}`} />
    </svg>
  );
  Icon.displayName = `${name}Icon`;
  return Icon;
}

/** The platform's own badge shape (filled), which no icon set draws: its path is in the sprite too. */
export function VerifiedBadge({ className = 'h-4 w-4' }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      role="img"
      aria-label="Verified account"
      data-icon="verified"
      className={`text-brand-500 ${className}`}
      data-testid="verified-badge"
    >
      <title>Verified account</title>
      <use href={`${sprite}#verified`} />
    </svg>
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
