import { defineConfig } from 'vite';

/**
 * The production server as plain JavaScript, which `node` runs without tsx: `npm run build`'s last step,
 * `npm run serve` runs it. Vite's own server build (rolldown), as for the app's server copy in dist/server.
 *
 * Entries: the server (server/main.ts), the module of the thread it starts for the archive's index
 * (server/archive-search/indexer-worker.ts) and the operator's commands (`npm run user|ledger|job`, which
 * scripts/operator.mjs runs from here), written side by side with the chunks they share, so the
 * indexer thread finds its module beside it. The SQLite checkpointer's thread is a script inside its module,
 * bundled with it. Packages stay imports, resolved from node_modules when the server starts (libsql's native
 * binary with them): they are the `dependencies` in package.json. The server's modules and what it shares
 * with the app (src/api) are bundled.
 */
export default defineConfig({
  publicDir: false,
  build: {
    ssr: true,
    outDir: 'dist/server-app',
    emptyOutDir: true,
    target: 'node24',
    // Stack traces in the logs name the server's own functions.
    minify: false,
    rolldownOptions: {
      input: {
        main: 'server/main.ts',
        'indexer-worker': 'server/archive-search/indexer-worker.ts',
        user: 'server/identity/cli.ts',
        ledger: 'server/ledger-cli.ts',
        job: 'server/jobs/cli.ts',
        watch: 'server/watches/cli.ts',
      },
      output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
});
