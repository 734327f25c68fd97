/**
 * Icons from Lucide, drawn as strokes on a 24-unit grid, so each reads as the same shape from 14 px to 24 px.
 * Each is an empty box the style sheet paints through its glyph (icons.css, written from lucide-react by
 * scripts/icon-styles.ts; the rule is `[data-icon]` in styles.css): a timeline draws ten a post, and a box costs
 * the browser far less to mount while scrolling than an SVG element does, and the page's HTML and script carry
 * none of the paths. Decorative: the text or label next to each says what it is.
 */
import { DRAWN_AT, ICON_BOX, type IconName, type SizeOf } from './icon-sizes';

/** A size the glyph is drawn at (icon-sizes.ts: each size is an image of the style sheet's), and classes beside it. */
type IconProps<Name extends IconName> = { size?: SizeOf<Name>; className?: string };

/** The box's attributes: the glyph's name and size, which pick its square of its size's image, and the size's classes. */
function iconBox<Name extends IconName>(name: Name, { size = DRAWN_AT[name][0], className }: IconProps<Name>) {
  return {
    'data-icon': name,
    'data-size': size,
    className: className ? `${ICON_BOX[size]} ${className}` : ICON_BOX[size],
  };
}

function icon<Name extends IconName>(name: Name) {
  const Icon = (props: IconProps<Name>) => <span aria-hidden="true" {...iconBox(name, props)} />;
  Icon.displayName = `${name}Icon`;
  return Icon;
}

/** The platform's own badge shape (filled), which no icon set draws: its path is in icons.css too. */
export function VerifiedBadge(props: IconProps<'verified'>) {
  const { className, ...box } = iconBox('verified', props);
  return (
    <span
      role="img"
      aria-label="Verified account"
      title="Verified account"
      {...box}
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
export const MoreIcon = icon('more');
export const CopyLinkIcon = icon('copy-link');
export const OpenIcon = icon('open');
export const HashIcon = icon('hash');
export const ExternalIcon = icon('external');
export const RefreshIcon = icon('refresh');
export const SuspendedIcon = icon('suspended');
export const NotFoundIcon = icon('not-found');
/** Filled: a play badge on a thumbnail reads as a solid triangle. */
export const PlayIcon = icon('play');
