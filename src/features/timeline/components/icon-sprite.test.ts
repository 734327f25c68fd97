import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ICON_NAMES, iconSprite } from './icon-glyphs';

const here = import.meta.dirname;

describe('the icon sprite (icons.svg)', () => {
  it('is what scripts/icon-sprite.ts writes from the Lucide glyphs: run it after changing icon-glyphs.ts', () => {
    expect(fs.readFileSync(path.join(here, 'icons.svg'), 'utf8')).toBe(iconSprite());
  });

  it('holds a symbol, with shapes, for every icon Icons.tsx draws', () => {
    const sprite = iconSprite();
    const drawn = [...fs.readFileSync(path.join(here, 'Icons.tsx'), 'utf8').matchAll(/(?:icon\('|#)([a-z-]+)/g)].map(
      ([, name]) => name!,
    );
    expect(drawn.length).toBeGreaterThan(15);
    for (const name of new Set([...drawn, ...ICON_NAMES]))
      expect(sprite, name).toMatch(new RegExp(`<symbol id="${name}"[^>]*>(<(path|rect|line|circle|polygon)\\b)`));
  });
});
