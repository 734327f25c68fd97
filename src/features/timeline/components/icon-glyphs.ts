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
import { DRAWN_AT, ICON_BOX, type IconName, type IconSize } from './icon-sizes';

/**
 * The Lucide glyphs (lucide-react) the timeline draws, by the name each icon has in icons.css. Read only to write
 * that style sheet (`npx tsx scripts/icon-styles.ts`) and to check it (icon-styles.test.ts): the app itself draws
 * each icon as an empty `<span data-icon>` the sheet paints, so no page carries a glyph's paths, in its HTML or
 * its script.
 */
const STROKED: Record<Exclude<IconName, 'play' | 'verified'>, LucideIcon> = {
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

/** One glyph's shapes as Lucide draws them; Lucide's own attributes sit on its outer <svg>, which is not kept. */
function glyphShapes(glyph: LucideIcon): string {
  const svg = renderToStaticMarkup(createElement(glyph));
  return svg.slice(svg.indexOf('>') + 1, svg.lastIndexOf('</svg>')).replaceAll('"', "'");
}

const STROKE = "fill='none' stroke='#000' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'";
const FILL = "fill='#000'";

/** Every glyph in the sheet's order: its name and shapes, stroked on a 24-unit grid as Lucide draws them, or filled. */
const GLYPHS: { name: IconName; shapes: string; paint: string }[] = [
  ...(Object.entries(STROKED) as [IconName, LucideIcon][]).map(([name, glyph]) => ({
    name,
    shapes: glyphShapes(glyph),
    paint: STROKE,
  })),
  { name: 'play', shapes: glyphShapes(Play), paint: FILL },
  { name: 'verified', shapes: `<path d='${VERIFIED_PATH}'/>`, paint: FILL },
];

/** An SVG document as a CSS `url()`: only the characters a data URL or the CSS string cannot hold are escaped. */
const dataUrl = (svg: string) => `url("data:image/svg+xml,${svg.replace(/[%#<>"]/g, encodeURIComponent)}")`;

/** The named glyphs side by side, in the sheet's order, each in its own 24-unit square, in one SVG document. */
export function spriteSvg(names: readonly IconName[]): string {
  const glyphs = GLYPHS.filter(({ name }) => names.includes(name)).map(
    ({ shapes, paint }, index) =>
      `<svg x='${24 * index}' width='24' height='24' viewBox='0 0 24 24' ${paint}>${shapes}</svg>`,
  );
  return `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 ${24 * glyphs.length} 24'>${glyphs.join('')}</svg>`;
}

/** The glyphs drawn at a size, in the sheet's order: that size's image, left to right. */
export function glyphsAt(size: IconSize): IconName[] {
  return GLYPHS.flatMap(({ name }) => ((DRAWN_AT[name] as readonly IconSize[]).includes(size) ? [name] : []));
}

export const ICON_SIZES = Object.keys(ICON_BOX).map(Number) as IconSize[];

/**
 * icons.css: every icon is a box painted in the text's colour (src/styles.css, `[data-icon]`) through a mask: one
 * image per size an icon is drawn at (icon-sizes.ts), of the glyphs drawn at that size side by side, each box
 * showing its own square of it. A mask costs the browser a fraction of what an SVG element with a `<use>` of a
 * sprite costs to style, lay out and paint, and a timeline mounts ten icons a post as it scrolls; a few images, not
 * one per glyph, because the browser builds a document for each SVG image it meets (about 3 ms each on a cold page,
 * measured: the first screen's twelve glyphs took 30–40 ms of style); one per size, because it keeps one drawing of
 * each image, at the size last drawn. The boxes are square (the glyph fills its box's height, and each image is as
 * many boxes wide as it has glyphs).
 */
export function iconStyles(): string {
  const sizes = ICON_SIZES.flatMap((size) => {
    const names = glyphsAt(size);
    const last = names.length - 1;
    return [
      `[data-icon][data-size='${size}'] {\n  mask-image: ${dataUrl(spriteSvg(names))};\n  mask-size: ${names.length * 100}% 100%;\n}`,
      // A percentage puts that fraction of the image's overhang to the left: glyph i shows at i / last.
      ...names.map(
        (name, index) =>
          `[data-icon='${name}'][data-size='${size}'] {\n  mask-position: ${last ? (index * 100) / last : 0}% 0;\n}`,
      ),
    ];
  });
  return [
    '/* Written by scripts/icon-styles.ts from src/features/timeline/components/icon-glyphs.ts: do not edit. */',
    `[data-icon] {\n  mask-repeat: no-repeat;\n}`,
    ...sizes,
    '',
  ].join('\n');
}

export const ICON_NAMES = GLYPHS.map(({ name }) => name);
