import fs from 'node:fs';
import path from 'node:path';
import type { PageAssets } from '../../src/contract/render.ts';
import { loadAfterFirstPaint } from './load-after-paint.ts';

/** One entry of Vite's build manifest (`build.manifest`), the fields a rendered page needs. */
interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  css?: string[];
  imports?: string[];
}

/** Where `vite build` writes its manifest, inside the build (never served: a dot folder). */
const MANIFEST = path.join('.vite', 'manifest.json');
/** index.html is the app's entry in the manifest. */
const ENTRY_KEY = 'index.html';

export interface BuildAssets {
  /** The entry module (`/assets/index-….js`). */
  entry: string;
  /** Its style sheets: hashed files, cached for a year by the production server. */
  styleSheets: string[];
  /** The modules the entry imports statically, preloaded while the page is read. */
  entryImports: string[];
  /** A lazily loaded chunk by its name (the timeline route's is `timeline`, see vite.config.ts), with the modules it imports. */
  chunkModules(name: string): string[];
}

/** The build's files by role, read from its manifest; null when the build has none (an older or foreign build). */
export function readBuildAssets(dist: string): BuildAssets | null {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dist, MANIFEST), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return null;
  }
  const entry = manifest[ENTRY_KEY];
  if (!entry?.isEntry) return null;
  const url = (file: string) => `/${file}`;
  /** The files of these chunks and of every chunk they import, the entry's excepted (it is asked for by name). */
  const withImports = (keys: string[]): string[] => {
    const seen = new Set<string>([ENTRY_KEY]);
    const files: string[] = [];
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (seen.has(key) || !chunk) return;
      seen.add(key);
      files.push(url(chunk.file));
      for (const next of chunk.imports ?? []) visit(next);
    };
    for (const key of keys) visit(key);
    return files;
  };
  const keyByName = new Map<string, string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.name && !chunk.isEntry) keyByName.set(chunk.name, key);
  return {
    entry: url(entry.file),
    styleSheets: (entry.css ?? []).map(url),
    entryImports: withImports(entry.imports ?? []),
    chunkModules: (name) => {
      const key = keyByName.get(name);
      return key ? withImports([key]) : [];
    },
  };
}

/** What the app loads to hydrate a rendered page (src/app/hydrate-server-page.tsx), by its chunk's name. */
const HYDRATION_CHUNK = 'hydrate-server-page';
/** The routes whose own chunk (and what it imports) a rendered page preloads, by the chunk's name in the build. */
const ROUTE_CHUNKS: Record<string, string> = { '/timeline': 'timeline', '/search': 'search' };

/** The files a page the server writes for `pathname` names: the entry, its style sheets, and the modules to preload. */
export function pageAssets(pathname: string, build: BuildAssets): PageAssets {
  const routeChunk = ROUTE_CHUNKS[pathname];
  return {
    entry: build.entry,
    styleSheets: build.styleSheets,
    modulePreloads: [
      ...build.entryImports,
      ...build.chunkModules(HYDRATION_CHUNK),
      ...(routeChunk ? build.chunkModules(routeChunk) : []),
    ],
    script: loadAfterFirstPaint(build.entry),
  };
}
