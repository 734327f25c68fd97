import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ICON_NAMES, iconStyles, spriteSvg } from './icon-glyphs';

const here = import.meta.dirname;

describe('the icons style sheet (icons.css)', () => {
  it('is what scripts/icon-styles.ts writes from the Lucide glyphs: run it after changing icon-glyphs.ts', () => {
    expect(fs.readFileSync(path.join(here, 'icons.css'), 'utf8')).toBe(iconStyles());
  });

  it('paints a glyph, with shapes, for every icon Icons.tsx draws, each from its own square of one image', () => {
    const styles = iconStyles();
    const drawn = [
      ...fs.readFileSync(path.join(here, 'Icons.tsx'), 'utf8').matchAll(/(?:icon\('|data-icon=")([a-z-]+)/g),
    ].map(([, name]) => name!);
    expect(drawn.length).toBeGreaterThan(15);
    // One image for every icon: a data URL of one SVG document, as many 24-unit squares wide as there are glyphs.
    const images = [...styles.matchAll(/url\("data:image\/svg\+xml,([^"]+)"\)/g)];
    expect(images).toHaveLength(1);
    expect(styles).toContain(
      `[data-icon] {\n  mask-image: ${images[0]![0]};\n  mask-size: ${ICON_NAMES.length * 100}% 100%;\n  mask-repeat: no-repeat;\n}`,
    );
    const sprite = decodeURIComponent(images[0]![1]!);
    expect(sprite).toBe(spriteSvg());
    const glyphs = [...sprite.matchAll(/<svg x='(\d+)' width='24' height='24' viewBox='0 0 24 24'[^>]*>(.*?)<\/svg>/g)];
    expect(glyphs).toHaveLength(ICON_NAMES.length);
    expect(sprite).toMatch(
      new RegExp(`^<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 ${24 * ICON_NAMES.length} 24'>`),
    );
    const positions = new Set<string>();
    for (const name of new Set([...drawn, ...ICON_NAMES])) {
      const index = ICON_NAMES.indexOf(name);
      expect(index, name).toBeGreaterThanOrEqual(0);
      // Its square is the index-th, and it has at least one shape in it.
      const [, x, shapes] = glyphs[index]!;
      expect(Number(x), name).toBe(24 * index);
      expect(shapes, name).toMatch(/^(<(path|rect|line|circle|polygon)\b[^<]*(<\/\2>|\/>))+$/);
      // Its rule shows that square: a position of index / (glyphs - 1) of the image's overhang.
      const rule = new RegExp(`\\[data-icon='${name}'\\] \\{\\n  mask-position: ([\\d.]+)% 0;\\n\\}`).exec(styles);
      expect(rule, name).not.toBeNull();
      expect(Number(rule![1]), name).toBeCloseTo((index * 100) / (ICON_NAMES.length - 1), 10);
      positions.add(rule![1]!);
    }
    expect(positions.size).toBe(ICON_NAMES.length);
  });
});
