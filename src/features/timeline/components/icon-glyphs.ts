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
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/**
 * The Lucide glyphs (lucide-react) the timeline draws, by the name each has in the sprite (icons.svg). Read
 * only to write that sprite (`npx tsx scripts/icon-sprite.ts`) and to check it (icon-sprite.test.ts): the app
 * itself draws each icon as a `<use>` of the sprite, so no page carries a glyph's paths twice, or any in its script.
 */
const STROKED: Record<string, LucideIcon> = {
  reply: MessageCircle,
  repost: Repeat2,
  quote: MessageSquareQuote,
  like: Heart,
  bookmark: Bookmark,
  views: ChartNoAxesColumn,
  pin: Pin,
  location: MapPin,
  calendar: CalendarDays,
  link: Link,
  lock: Lock,
  more: Ellipsis,
  'copy-link': Link2,
  open: ArrowRight,
  hash: Hash,
  external: ExternalLink,
  refresh: RefreshCw,
  suspended: Ban,
  'not-found': UserRoundX,
};

/** The platform's verified badge (filled), which no icon set draws. */
const VERIFIED_PATH =
  'M22.25 12c0-1.43-.88-2.67-2.19-3.34.46-1.39.2-2.9-.81-3.91s-2.52-1.27-3.91-.81C14.67 2.63 13.43 1.75 12 1.75s-2.67.88-3.33 2.19c-1.4-.46-2.91-.2-3.92.81s-1.26 2.52-.8 3.91C2.63 9.33 1.75 10.57 1.75 12s.88 2.67 2.2 3.34c-.46 1.39-.21 2.9.8 3.91s2.52 1.26 3.91.81c.67 1.31 1.91 2.19 3.34 2.19s2.68-.88 3.34-2.19c1.39.45 2.9.2 3.91-.81s1.27-2.52.81-3.91c1.31-.67 2.19-1.91 2.19-3.34zm-11.71 4.2L6.8 12.46l1.41-1.42 2.26 2.26 4.8-5.23 1.47 1.36-6.2 6.77z';

/** The sprite: one `<symbol>` per glyph, each drawn as Lucide draws it (strokes on a 24-unit grid; play filled). */
export function iconSprite(): string {
  const symbol = (name: string, glyph: LucideIcon, props: Record<string, unknown>) => {
    const svg = renderToStaticMarkup(createElement(glyph, props));
    const inner = svg.slice(svg.indexOf('>') + 1, svg.lastIndexOf('</svg>'));
    const paint = props.fill
      ? 'fill="currentColor" stroke="none"'
      : 'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';
    return `<symbol id="${name}" viewBox="0 0 24 24" ${paint}>${inner}</symbol>`;
  };
  const symbols = [
    ...Object.entries(STROKED).map(([name, glyph]) => symbol(name, glyph, { strokeWidth: 2 })),
    symbol('play', Play, { fill: 'currentColor', strokeWidth: 0 }),
    `<symbol id="verified" viewBox="0 0 24 24" fill="currentColor"><path d="${VERIFIED_PATH}"></path></symbol>`,
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join('\n')}\n</svg>\n`;
}

export const ICON_NAMES = [...Object.keys(STROKED), 'play', 'verified'];
