/** Writes src/features/timeline/components/icons.svg from the Lucide glyphs it names (icon-glyphs.ts). */
import fs from 'node:fs';
import path from 'node:path';
import { iconSprite } from '../src/features/timeline/components/icon-glyphs.ts';

const file = path.resolve(import.meta.dirname, '../src/features/timeline/components/icons.svg');
fs.writeFileSync(file, iconSprite());
console.log(`wrote ${path.relative(process.cwd(), file)} (${fs.statSync(file).size} bytes)`);
