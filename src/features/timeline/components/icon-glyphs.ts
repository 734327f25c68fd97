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
 * The Lucide glyphs (lucide-react) the timeline draws, by the name each icon has in icons.css. Read only to write
 * that style sheet (`npx tsx scripts/icon-styles.ts`) and to check it (icon-styles.test.ts): the app itself draws
 * each icon as an empty `<span data-icon>` the sheet paints, so no page carries a glyph's paths, in its HTML or
 * its script.
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

/** One glyph as a standalone SVG document, drawn as Lucide draws it (strokes on a 24-unit grid; play filled). */
function glyphSvg(glyph: LucideIcon, filled: boolean): string {
  // Lucide's own attributes sit on the outer <svg>, which is replaced: only its shapes are kept.
  const svg = renderToStaticMarkup(createElement(glyph));
  const inner = svg.slice(svg.indexOf('>') + 1, svg.lastIndexOf('</svg>'));
  return svgDocument(inner, filled);
}

function svgDocument(inner: string, filled: boolean): string {
  const paint = filled
    ? "fill='#000'"
    : "fill='none' stroke='#000' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'";
  return `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' ${paint}>${inner.replaceAll('"', "'")}</svg>`;
}

/** An SVG document as a CSS `url()`: only the characters a data URL or the CSS string cannot hold are escaped. */
const dataUrl = (svg: string) => `url("data:image/svg+xml,${svg.replace(/[%#<>"]/g, encodeURIComponent)}")`;

/**
 * icons.css: each icon's glyph as the mask of a box painted in the text's colour (src/styles.css, `[data-icon]`).
 * A mask costs the browser a fraction of what an SVG element with a `<use>` of a sprite costs to style, lay out and
 * paint, and a timeline mounts ten icons a post as it scrolls.
 */
export function iconStyles(): string {
  const rules = [
    ...Object.entries(STROKED).map(([name, glyph]) => [name, glyphSvg(glyph, false)] as const),
    ['play', glyphSvg(Play, true)] as const,
    ['verified', svgDocument(`<path d='${VERIFIED_PATH}'/>`, true)] as const,
  ].map(([name, svg]) => `[data-icon='${name}'] {\n  --icon: ${dataUrl(svg)};\n}`);
  return `/* Written by scripts/icon-styles.ts from src/features/timeline/components/icon-glyphs.ts: do not edit. */\n${rules.join('\n')}\n`;
}

export const ICON_NAMES = [...Object.keys(STROKED), 'play', 'verified'];
