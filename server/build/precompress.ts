import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats worth compressing; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|map|webmanifest|wasm)$/i;
/** Below this a compressed copy saves less than the extra headers and file lookups cost. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes `file.br` and `file.gz` beside one file, each only when it is smaller than the original (else none). */
async function precompressFile(file: string): Promise<void> {
  const source = await fs.readFile(file);
  // A copy left by an earlier build into the same folder would be served in place of this file.
  const stale = () => Promise.all([fs.rm(`${file}.br`, { force: true }), fs.rm(`${file}.gz`, { force: true })]);
  if (source.length < MIN_BYTES) {
    await stale();
    return;
  }
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  for (const [suffix, body] of [
    ['.br', br],
    ['.gz', gz],
  ] as const) {
    if (body.length < source.length) await fs.writeFile(file + suffix, body);
    else await fs.rm(file + suffix, { force: true });
  }
}

/**
 * Brotli and gzip copies of every text file in the build, written once at build time with the
 * highest settings (too slow to run per request), so the production server (server/main.ts)
 * sends them by Accept-Encoding without compressing anything while it serves.
 */
export function precompress(): Plugin {
  return {
    name: 'creditscope-precompress',
    apply: 'build',
    // Browsers' files only: a server build (the app's server copy) is read from disk by the server, never sent.
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    // After every file of the output, the public folder's copies included, is on disk.
    async writeBundle(options) {
      const dir = options.dir;
      if (!dir) return;
      const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(files.map(precompressFile));
    },
  };
}
