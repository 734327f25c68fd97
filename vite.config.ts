import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig, loadEnv } from 'vite';
import { ConfigError, loadConfig, type AppConfig } from './server/config.ts';
import { inlineEarlyFetch } from './server/build/inline-early-fetch.ts';
import { precompress } from './server/build/precompress.ts';
import { preloadRouteChunk } from './server/build/preload-route-chunk.ts';

/** A bad setting stops the server with the lines that say what to fix, not a stack trace. */
function loadOrExplain(env: Record<string, string | undefined>): AppConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`creditscope cannot start: ${error.message}`);
    process.exit(1);
  }
}

export default defineConfig(({ mode }) => {
  // Unprefixed variables stay in Node: only the proxy reads them, nothing is exposed to the bundle.
  const env = { ...loadEnv(mode, process.cwd(), ''), ...process.env };
  const { dataDir, allowedHosts } = loadOrExplain(env);
  // `npm run dev` runs Vite in middleware mode inside the server app (server/dev.ts), whose hooks check the host,
  // guard the pages and serve /api. Vite's own host check gets the same list, so ALLOWED_HOSTS works for names too.
  const hosts = ['localhost', '127.0.0.1', '[::1]', ...allowedHosts];
  return {
    plugins: [
      tanstackRouter({
        target: 'react',
        autoCodeSplitting: true,
        // Loaders too, each in a chunk of its own fetched beside the component's: in the entry, every route's
        // loader brought what it imports (another page's API module and schemas) into every page's first load.
        codeSplittingOptions: {
          defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']],
        },
      }),
      react(),
      tailwindcss(),
      inlineEarlyFetch(),
      preloadRouteChunk('/timeline', 'timeline'),
      // .br and .gz beside every text file of the build, for the production server (server/main.ts).
      precompress(),
    ],
    envPrefix: 'CREDITSCOPE_PUBLIC_',
    resolve: {
      alias: {
        // TanStack Store reads React through the pre-18 shim, which carries its own copy of the hook for React
        // 16 and 17; React 19 has useSyncExternalStore itself, so the same selector on the built-in one.
        'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector',
      },
    },
    server: {
      // No CORS grant to any other origin (Vite's default answers every localhost origin, preflights included).
      cors: false,
      allowedHosts: hosts,
      // The ledger is never served nor watched, wherever CREDITSCOPE_DATA_DIR points.
      fs: { deny: ['.env', '.env.*', '*.{crt,pem}', '**/.data/**', `${path.resolve(dataDir)}/**`] },
      watch: { ignored: ['**/.data/**', `${path.resolve(dataDir)}/**`] },
    },
    // Every dependency is found at start-up, so the dev server never reloads an open page to add one
    // (a reload mid-purchase is a page that could be asked for twice).
    optimizeDeps: { entries: ['index.html', 'src/**/*.tsx', '!src/**/*.test.tsx', '!src/testing/**'] },
    build: {
      sourcemap: false,
      // .vite/manifest.json: the entry, its style sheets and each route's chunk, for the pages the server renders.
      manifest: true,
      target: 'es2022',
      // Every browser the es2022 target reaches preloads modules itself: no polyfill in every page's first load.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        // Rolldown's "significant time in plugins" note: on a busy machine it lists the brotli copies at the highest
        // quality (precompress) and the router's code splitting, both slow on purpose, for nothing anyone can change.
        checks: { bundlerTimings: false },
        output: {
          codeSplitting: {
            groups: [
              // What every page loads first (React, the router, the query cache, the header) in one file
              // rather than the four the default splitting made of it: compressed together it is 3 KB smaller.
              { name: 'shell', tags: ['$initial'] },
              // Small helpers several pages share, each a chunk of its own before: the error panel with the spinner,
              // and the download, inspector and button-action helpers of the Credits page, the timeline and search.
              // A chunk's glue outweighed these modules: grouped, /credits is 0.4 KB lighter and /history and /find
              // 0.2; the post page, which shows the spinner but not the panel, pays 0.6.
              { name: 'shared-panels', test: /src\/components\/(ErrorPanel|Spinner)\.tsx/, minShareCount: 2 },
              {
                name: 'shared-helpers',
                test: /src\/(lib\/(download|use-download|use-cache-mutation)\.ts|features\/credits\/components\/LazyInspectorDialog\.tsx)/,
                minShareCount: 2,
              },
              // Code shared by some routes only, one chunk per set of routes that share it, so no route loads
              // another's code (rolldown's default put such code in chunks several routes had to load whole). A set
              // under 400 bytes joins its nearest neighbour: its chunk's glue cost more than the few bytes a route
              // may load without using them (/timeline, /search and /credits each about 0.1 KB lighter; 1,000 bytes
              // made /credits heavier).
              { name: 'shared', minShareCount: 2, entriesAware: true, entriesAwareMergeThreshold: 400 },
            ],
          },
          // Those chunks are named after every route that shares them: a short name is enough.
          chunkFileNames: (chunk) =>
            chunk.name.startsWith('shared') ? 'assets/shared-[hash:7].js' : 'assets/[name]-[hash:7].js',
        },
      },
    },
  };
});
