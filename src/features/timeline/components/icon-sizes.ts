/** The sizes an icon is drawn at, in CSS pixels, and the utility classes that make its square box. */
export const ICON_BOX = {
  14: 'h-3.5 w-3.5',
  16: 'h-4 w-4',
  20: 'h-5 w-5',
  24: 'h-6 w-6',
  28: 'h-7 w-7',
} as const;
export type IconSize = keyof typeof ICON_BOX;

/**
 * The sizes each glyph is drawn at, its default first. icons.css holds one image per size, of only the glyphs drawn
 * at that size: the browser keeps one drawing of an SVG image, at the size it last drew it, and one image drawn at
 * 14, 16 and 20 px in turn (a card's repost line, its counts, its menu) was laid out and recorded again for nearly
 * every icon of every card a scroll mounted (about a fifth of the scroll's paint, bench/profiles/scroll-first-post-ten-2026-11-29.md).
 */
export const DRAWN_AT = {
  reply: [16],
  repost: [16, 14],
  quote: [16],
  like: [16],
  bookmark: [16],
  views: [16],
  pin: [14],
  location: [16],
  calendar: [16],
  link: [16],
  lock: [16, 24],
  more: [20],
  'copy-link': [16],
  open: [16],
  hash: [16],
  external: [16],
  refresh: [16],
  suspended: [24],
  'not-found': [24],
  play: [28],
  verified: [16, 20],
} as const satisfies Record<string, readonly [IconSize, ...IconSize[]]>;
export type IconName = keyof typeof DRAWN_AT;
/** The sizes a glyph may be asked for: any other would find no image in the style sheet. */
export type SizeOf<Name extends IconName> = (typeof DRAWN_AT)[Name][number];
