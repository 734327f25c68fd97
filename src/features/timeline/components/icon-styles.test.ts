import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { glyphsAt, ICON_NAMES, ICON_SIZES, iconStyles, spriteSvg } from './icon-glyphs';
import { DRAWN_AT, type IconSize } from './icon-sizes';

const here = import.meta.dirname;

describe('the icons style sheet (icons.css)', () => {
  it('is what scripts/icon-styles.ts writes from the Lucide glyphs: run it after changing icon-glyphs.ts', () => {
    expect(fs.readFileSync(path.join(here, 'icons.css'), 'utf8')).toBe(iconStyles());
  });

  it('paints a glyph, with shapes, for every icon Icons.tsx draws at every size it is drawn at, from one image per size', () => {
    const styles = iconStyles();
    const drawn = [
      ...fs.readFileSync(path.join(here, 'Icons.tsx'), 'utf8').matchAll(/(?:icon|iconBox)\('([a-z-]+)'/g),
    ].map(([, name]) => name!);
    expect(drawn.length).toBeGreaterThan(15);
    expect(new Set(drawn)).toEqual(new Set(ICON_NAMES));
    // One image per size: a data URL of one SVG document, as many 24-unit squares wide as glyphs drawn at that size.
    const images = [...styles.matchAll(/url\("data:image\/svg\+xml,([^"]+)"\)/g)];
    expect(images).toHaveLength(ICON_SIZES.length);
    for (const size of ICON_SIZES) {
      const names = glyphsAt(size);
      expect(names.length, `${size} px`).toBeGreaterThan(0);
      const image = new RegExp(
        `\\[data-icon\\]\\[data-size='${size}'\\] \\{\\n  mask-image: url\\("data:image\\/svg\\+xml,([^"]+)"\\);\\n  mask-size: ${names.length * 100}% 100%;\\n\\}`,
      ).exec(styles);
      expect(image, `${size} px`).not.toBeNull();
      const sprite = decodeURIComponent(image![1]!);
      expect(sprite).toBe(spriteSvg(names));
      expect(sprite).toMatch(
        new RegExp(`^<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 ${24 * names.length} 24'>`),
      );
      const glyphs = [
        ...sprite.matchAll(/<svg x='(\d+)' width='24' height='24' viewBox='0 0 24 24'[^>]*>(.*?)<\/svg>/g),
      ];
      expect(glyphs).toHaveLength(names.length);
      const positions = new Set<string>();
      names.forEach((name, index) => {
        expect((DRAWN_AT[name] as readonly IconSize[]).includes(size), name).toBe(true);
        // Its square is the index-th, and it has at least one shape in it.
        const [, x, shapes] = glyphs[index]!;
        expect(Number(x), name).toBe(24 * index);
        expect(shapes, name).toMatch(/^(<(path|rect|line|circle|polygon)\b[^<]*(<\/\2>|\/>))+$/);
        // Its rule shows that square: a position of index / (glyphs - 1) of the image's overhang.
        const rule = new RegExp(
          `\\[data-icon='${name}'\\]\\[data-size='${size}'\\] \\{\\n  mask-position: ([\\d.]+)% 0;\\n\\}`,
        ).exec(styles);
        expect(rule, `${name} at ${size} px`).not.toBeNull();
        expect(Number(rule![1]), name).toBeCloseTo(names.length > 1 ? (index * 100) / (names.length - 1) : 0, 10);
        positions.add(rule![1]!);
      });
      expect(positions.size).toBe(names.length);
    }
    // Every glyph is in the image of each size it is drawn at, and in no other.
    for (const name of ICON_NAMES)
      expect(
        ICON_SIZES.filter((size) => glyphsAt(size).includes(name)),
        name,
      ).toEqual([...DRAWN_AT[name]].sort((a, b) => a - b));
  });
});
