/**
 * `npm run dev`: the one server app (server/app.ts: the same hooks and /api routes as `npm start`) with
 * Vite in middleware mode serving the pages, as Vite describes for a custom server: modules transformed on
 * request, hot reload over this server's own connection (its WebSocket upgrade), React StrictMode
 * (src/main.tsx). Vite is mounted with @fastify/middie, inside the page rules' context, so /api and
 * /healthz never reach it.
 *
 *   node --import tsx server/dev.ts [--port 5173] [--host 127.0.0.1] [--strictPort]
 */
import middie from '@fastify/middie';
import { createServer as createViteServer, loadEnv } from 'vite';
import type { PageHost } from './app.ts';
import { startTracing } from './observe/tracing.ts';

// As Vite reads it for `vite`: .env, .env.local, .env.development, .env.development.local, process.env on top.
const env = { ...loadEnv('development', process.cwd(), ''), ...process.env };
// Traces (OTEL_EXPORTER_OTLP_ENDPOINT) start before the server's modules load, as in server/main.ts.
const tracing = await startTracing(env);
const { createApp } = await import('./app.ts');
const { startServer } = await import('./http/lifecycle.ts');

/**
 * Pages and modules from the sources, by Vite: index.html for the app's routes (`appType: 'spa'`). Hot
 * reload's WebSocket is upgraded on this server; Vite is told its address for the client's fallback.
 */
const vitePages =
  (address: { port: number; host: string }): PageHost =>
  async (pages) => {
    const vite = await createViteServer({
      server: { middlewareMode: true, ws: { server: pages.server }, port: address.port, host: address.host },
      appType: 'spa',
    });
    pages.addHook('onClose', async () => vite.close());
    await pages.register(middie);
    pages.use(vite.middlewares);
    // What Vite does not serve.
    pages.setNotFoundHandler(async (_request, reply) =>
      reply.code(404).type('text/plain; charset=utf-8').send('Not found'),
    );
  };

void startServer({
  env,
  defaultPort: 5173,
  createServer: async (config, api, options) => {
    const server = await createApp({ config, api, pages: vitePages(options) });
    if (tracing) server.app.addHook('onClose', () => tracing.shutdown());
    return server;
  },
  listenText: (url) => `creditscope dev server (Vite, hot reload) at ${url}/`,
});
