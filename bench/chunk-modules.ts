/**
 * What a built chunk is made of, by source module, from the source map beside it (a build with `--sourcemap`):
 * for each module, the gzipped bytes the chunk would lose without it (the chunk gzipped whole, then again with that
 * module's code left out). That is what moving the module out of the chunk saves; the raw bytes alone overstate
 * code that compresses well (class lists, repeated words). Used by bench/js-routes.ts.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';

export interface ModuleCost {
  /** The module's path, shortened: `src/...` or the package path after `node_modules/`. */
  source: string;
  /** Its code in the chunk, uncompressed. */
  rawBytes: number;
  /** What the chunk's gzipped size drops by without it. */
  gzipBytes: number;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((char, index) => [char, index]));

/** One segment of a source map's `mappings` (base64 VLQ): its fields, each a signed number. */
function decodeSegment(segment: string): number[] {
  const fields: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGIT.get(char)!;
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return fields;
}

/** Each stretch of generated code (start and end offsets in the chunk) and the source it came from. */
function codeSpans(code: string, map: { sources: string[]; mappings: string }): Map<string, [number, number][]> {
  const lines = code.split('\n');
  const spans = new Map<string, [number, number][]>();
  let lineStart = 0;
  let source = 0;
  map.mappings.split(';').forEach((line, lineIndex) => {
    const lineLength = lines[lineIndex]?.length ?? 0;
    let column = 0;
    const starts: [column: number, source: number | null][] = [];
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const [columnDelta, sourceDelta] = decodeSegment(segment);
      column += columnDelta!;
      if (sourceDelta === undefined) starts.push([column, null]);
      else starts.push([column, (source += sourceDelta)]);
    }
    starts.forEach(([start, from], index) => {
      const end = starts[index + 1]?.[0] ?? lineLength;
      const name = from === null ? '(glue)' : shortName(map.sources[from] ?? '(glue)');
      if (!spans.has(name)) spans.set(name, []);
      spans.get(name)!.push([lineStart + start, lineStart + end]);
    });
    lineStart += lineLength + 1;
  });
  return spans;
}

const shortName = (source: string) => source.replace(/.*node_modules\//, '').replace(/.*?\/?src\//, 'src/');
const gzipSize = (text: string) => zlib.gzipSync(text, { level: 9 }).length;

/** The modules of the chunk at `file` (its map at `file.map`), costliest first; null when it has no map. */
export function chunkModules(file: string, minRawBytes = 200): ModuleCost[] | null {
  if (!fs.existsSync(`${file}.map`)) return null;
  const code = fs.readFileSync(file, 'utf8');
  const spans = codeSpans(code, JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')));
  const whole = gzipSize(code);
  const costs: ModuleCost[] = [];
  for (const [source, list] of spans) {
    const rawBytes = list.reduce((sum, [start, end]) => sum + end - start, 0);
    if (rawBytes < minRawBytes) continue;
    let without = '';
    let from = 0;
    for (const [start, end] of [...list].sort((a, b) => a[0] - b[0])) {
      without += code.slice(from, start);
      from = end;
    }
    without += code.slice(from);
    costs.push({ source, rawBytes, gzipBytes: whole - gzipSize(without) });
  }
  return costs.sort((a, b) => b.gzipBytes - a.gzipBytes);
}
