import path from 'node:path';
import { build } from 'rolldown';
import type { Plugin } from 'vite';

const ENTRY = path.resolve(import.meta.dirname, '../../src/api/purchase/early-first-page.ts');

/** Bundles the early first-page purchase (typed, linted TypeScript in src/api/purchase) into one small script. */
async function bundleEarlyScript(): Promise<string> {
  const result = await build({
    input: ENTRY,
    write: false,
    output: { format: 'iife', minify: true },
    logLevel: 'silent',
  });
  return result.output[0].code.trim();
}

/**
 * Inlines that script at the top of index.html, in dev and in the build, so the first timeline
 * page is requested before the bundle has even started to download.
 */
export function inlineEarlyFetch(): Plugin {
  let script: Promise<string> | null = null;
  return {
    name: 'creditscope-inline-early-fetch',
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        script ??= bundleEarlyScript();
        const code = (await script).replace(/<\/script/gi, '<\\/script');
        return html.replace('<!-- creditscope:early-fetch -->', `<script>${code}</script>`);
      },
    },
    // Edited in dev: bundle it again on the next page load.
    handleHotUpdate({ file }) {
      if (file.includes(`${path.sep}src${path.sep}api${path.sep}`)) script = null;
    },
  };
}
