import type { FastifyBaseLogger } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerEntry } from '../../src/contract/render.ts';
import { readBuildAssets, type BuildAssets } from './page-assets.ts';

/** Where `vite build --ssr src/entry-server.tsx --outDir <dist>/server` puts the server's copy of the app. */
export const SERVER_ENTRY = path.join('server', 'entry-server.js');

/**
 * The build's server copy of the app (src/entry-server.tsx) and the files its pages name, loaded once at start;
 * null (server rendering off, the SPA for every page) when the build has either missing or unloadable.
 */
export async function loadServerEntry(
  dist: string,
  log: FastifyBaseLogger,
): Promise<{ entry: ServerEntry; assets: BuildAssets } | null> {
  const file = path.resolve(dist, SERVER_ENTRY);
  if (!fs.existsSync(file)) return null;
  const assets = readBuildAssets(dist);
  if (!assets) {
    log.warn('server rendering off: the build has no manifest (.vite/manifest.json)');
    return null;
  }
  // React's production server renderer (the development one is several times slower and writes stack traces into the page).
  process.env.NODE_ENV ??= 'production';
  try {
    const entry = ((await import(pathToFileURL(file).href)) as { default: ServerEntry }).default;
    return { entry, assets };
  } catch (error) {
    log.warn({ err: error }, 'server rendering off: the server build could not be loaded');
    return null;
  }
}
