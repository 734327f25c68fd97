import { createRequire } from 'node:module';
// A type only: erased, it loads nothing.
import type { Span } from '@opentelemetry/api';
// No imports of its own: loading it loads nothing the instrumentations must patch first.
import { shownAddress } from '../config-rules.ts';
import { pathForLog } from '../watches/feeds/log-path.ts';

/**
 * OpenTelemetry traces over OTLP/HTTP, when the operator sets `OTEL_EXPORTER_OTLP_ENDPOINT` (or the traces-only
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`): one trace per request, from Fastify's own instrumentation
 * (@fastify/otel: the request, its hooks and handler), with the upstream calls (node:http, the client of
 * server/purchase/upstream.ts) and PostgreSQL's queries (pg) as spans under it. Unset, nothing of
 * OpenTelemetry is loaded: the packages are imported here, on demand, and nothing else imports them.
 *
 * What a span may carry: never a header (the bearer token travels in one; the HTTP instrumentation records
 * headers only when asked to, and is not), never a query string (screen names and searches): the upstream
 * call's `url.full` and the request's `url.path` are kept to their path.
 */

/** Asked by operators' probes and scrapers, not by people: left out of the traces. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

/** A hook function's own name; anything else (an unnamed plugin's source text) names no span. */
const FUNCTION_NAME = /^[\w$. -]{1,60}$/;

type TraceIds = { trace_id: string; span_id: string };

/** Set by startTracing; read for each request's log lines (server/app.ts). */
let traceIdsOf: (request: object) => TraceIds | null = () => null;

/** The ids of a request's trace and of its `request` span, for its log lines; null when tracing is off. */
export function requestTraceIds(request: object): TraceIds | null {
  return traceIdsOf(request);
}

export interface Tracing {
  /** Sends what is still buffered and stops: called as the server closes. */
  shutdown(): Promise<void>;
}

/** The OTLP settings are the standard variables, read from the environment as the SDK reads them (OTEL_SDK_DISABLED=true: off). */
export function tracingWanted(env: Record<string, string | undefined>): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}

/**
 * What would make the exporter drop every span without a word: an endpoint that is no http(s) address, or gRPC
 * asked for (this server sends OTLP over HTTP, JSON, which a collector takes on its HTTP port, 4318 by default).
 */
export function tracingSettingsProblem(env: Record<string, string | undefined>): string | null {
  for (const name of ['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT']) {
    const value = env[name]?.trim();
    if (value && !(URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)))
      return `${name} is ${shownAddress(value)}: give the OTLP/HTTP receiver's address, such as http://127.0.0.1:4318`;
  }
  for (const name of ['OTEL_EXPORTER_OTLP_PROTOCOL', 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL']) {
    if (env[name]?.trim() === 'grpc')
      return `${name} is "grpc": this server sends traces over HTTP (OTLP/HTTP JSON); point OTEL_EXPORTER_OTLP_ENDPOINT at the collector's HTTP port (4318 by default) and leave ${name} unset`;
  }
  return null;
}

/** A URL or a request's path without its query string. */
export function withoutQuery(address: string): string {
  const mark = address.indexOf('?');
  return mark === -1 ? address : address.slice(0, mark);
}

/**
 * Starts tracing when asked for; settings it cannot use stop the server with one line that says what to fix. Must run before the server's modules are imported: the HTTP and pg
 * instrumentations patch those modules when they are required after this.
 */
export async function startTracing(env: Record<string, string | undefined>): Promise<Tracing | null> {
  if (!tracingWanted(env)) return null;
  const problem = tracingSettingsProblem(env);
  if (problem) {
    // As the server's other start-up refusals say it (server/http/lifecycle.ts, which is not loaded yet).
    console.error(`creditscope cannot start: ${problem}`);
    process.exit(1);
  }
  // The SDK reads its settings (endpoint, headers, batch delays, OTEL_RESOURCE_ATTRIBUTES) from process.env:
  // those given in .env files count as if exported.
  for (const [name, value] of Object.entries(env))
    if (name.startsWith('OTEL_') && value !== undefined && process.env[name] === undefined) process.env[name] = value;

  const [
    { trace },
    { NodeTracerProvider, BatchSpanProcessor },
    { OTLPTraceExporter },
    { defaultResource, detectResources, envDetector, resourceFromAttributes },
    { HttpInstrumentation },
    { PgInstrumentation },
    { FastifyOtelInstrumentation },
  ] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@fastify/otel'),
  ]);

  const provider = new NodeTracerProvider({
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (envDetector) over the default name.
    resource: defaultResource()
      .merge(resourceFromAttributes({ 'service.name': 'creditscope' }))
      .merge(detectResources({ detectors: [envDetector] })),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  // The global provider, AsyncLocalStorage context and W3C trace context (a `traceparent` in, and out to the upstream).
  provider.register();

  // Each instrumentation enables itself on the global provider when made.
  new FastifyOtelInstrumentation({
    // Every Fastify instance made after this (server/app.ts) gets the plugin, before its own hooks.
    registerOnInitialization: true,
    // Probes, every few seconds: no trace each.
    ignorePaths: ({ url }) => PROBES.has(withoutQuery(url)),
    // A feed's address is kept without its key (its only credential).
    requestHook: (span, request) => span.setAttribute('url.path', pathForLog(withoutQuery(request.url))),
    // A hook's span is named by its stage and function. An unnamed function is named by its plugin, whose name,
    // for an unnamed plugin, is its whole source text: such a one is "anonymous" here.
    lifecycleHook: (span, { hookName, handler }) => {
      const name = `${hookName} - ${handler && FUNCTION_NAME.test(handler) ? handler : 'anonymous'}`;
      span.updateName(name);
      span.setAttribute('hook.name', name);
    },
  });
  new HttpInstrumentation({
    // The request's span is Fastify's: no second one from Node's server (an ignored request would be untraced).
    disableIncomingRequestInstrumentation: true,
    startOutgoingSpanHook: (request) => ({
      'url.full': `${request.protocol ?? 'http:'}//${request.hostname ?? request.host ?? 'localhost'}${request.port ? `:${String(request.port)}` : ''}${withoutQuery(request.path ?? '/')}`,
    }),
  });
  new PgInstrumentation({ requireParentSpan: true });
  // Node's HTTP client and pg, required through the hooks just installed: patched in place, the same module
  // objects the server's `import` statements get (pg stays a package import in the compiled server too).
  const require = createRequire(import.meta.url);
  require('node:http');
  require('node:https');
  require('pg');

  // The request's own span (@fastify/otel decorates the request with it), not the hook span that is active.
  traceIdsOf = (request) => {
    const span = (request as { opentelemetry?: () => { span?: Span | null } }).opentelemetry?.().span;
    const ids = span?.spanContext();
    return ids && trace.isSpanContextValid(ids) ? { trace_id: ids.traceId, span_id: ids.spanId } : null;
  };
  return { shutdown: () => provider.shutdown() };
}
