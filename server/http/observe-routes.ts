import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { ApiHandler } from '../proxy/handler.ts';
import { metricsRefusal } from './metrics-access.ts';

/**
 * What an operator's tools ask, outside /api (no session, no access-table action: nothing here spends or names a
 * person) and outside the pages:
 * - GET /healthz: the process is alive (200 while it answers at all; it reads nothing), for a liveness probe;
 * - GET /readyz: 200 when the store answers and has every migration, else 503 with why (server/http/readiness.ts),
 *   for a load balancer or a readiness probe; one trivial query and the migrations table, never the upstream;
 * - GET /metrics: Prometheus text (server/observe/metrics.ts), to whom metrics-access.ts allows.
 */
export function observeRoutes(options: {
  config: AppConfig;
  api: ApiHandler;
  isLocalPeer?: (address: string | undefined) => boolean;
}): FastifyPluginAsync {
  const { config, api } = options;
  return async (app) => {
    app.route({
      method: ['GET', 'HEAD'],
      url: '/healthz',
      handler: async (_request, reply) => reply.header('cache-control', 'no-store').send({ ok: true }),
    });
    app.route({
      method: ['GET', 'HEAD'],
      url: '/readyz',
      handler: async (_request, reply) => {
        const ready = await api.readiness();
        return reply
          .code(ready.ready ? 200 : 503)
          .header('cache-control', 'no-store')
          .send(ready);
      },
    });
    app.get('/metrics', async (request, reply) => {
      const refused = metricsRefusal(request.raw, {
        allowedHosts: config.allowedHosts,
        token: config.metricsToken,
        isLocalPeer: options.isLocalPeer,
      });
      reply.header('cache-control', 'no-store');
      if (refused) return reply.code(403).type('text/plain; charset=utf-8').send(`Forbidden: ${refused}\n`);
      const { contentType, text } = await api.metrics.exposition();
      return reply.type(contentType).send(text);
    });
  };
}
