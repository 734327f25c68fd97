import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ICON_NAMES, iconStyles } from './icon-glyphs';

const here = import.meta.dirname;

describe('the icons style sheet (icons.css)', () => {
  it('is what scripts/icon-styles.ts writes from the Lucide glyphs: run it after changing icon-glyphs.ts', () => {
    expect(fs.readFileSync(path.join(here, 'icons.css'), 'utf8')).toBe(iconStyles());
  });

  it('paints a glyph, with shapes, for every icon Icons.tsx draws', () => {
    const styles = iconStyles();
    const drawn = [
      ...fs.readFileSync(path.join(here, 'Icons.tsx'), 'utf8').matchAll(/(?:icon\('|data-icon=")([a-z-]+)/g),
    ].map(([, name]) => name!);
    expect(drawn.length).toBeGreaterThan(15);
    for (const name of new Set([...drawn, ...ICON_NAMES])) {
      const rule = new RegExp(
        `\\[data-icon='${name}'\\] \\{\\n  --icon: url\\("data:image/svg\\+xml,([^"]+)"\\);`,
      ).exec(styles);
      expect(rule, name).not.toBeNull();
      // The data URL decodes to one SVG document with at least one shape in it.
      expect(decodeURIComponent(rule![1]!), name).toMatch(
        /^<svg xmlns='http:\/\/www\.w3\.org\/2000\/svg' viewBox='0 0 24 24'[^>]*>(<(path|rect|line|circle|polygon)\b[^<]*(<\/\2>|\/>))+<\/svg>$/,
      );
    }
  });
});
