/** Writes src/features/timeline/components/icons.css from the Lucide glyphs it names (icon-glyphs.ts). */
import fs from 'node:fs';
import path from 'node:path';
import { iconStyles } from '../src/features/timeline/components/icon-glyphs.ts';

const file = path.resolve(import.meta.dirname, '../src/features/timeline/components/icons.css');
fs.writeFileSync(file, iconStyles());
console.log(`wrote ${path.relative(process.cwd(), file)} (${fs.statSync(file).size} bytes)`);
