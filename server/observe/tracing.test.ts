import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandin } from '../standin/server.ts';
import { freePort } from '../testing/free-port.ts';
import { freshPostgresDatabase, TEST_TOKEN, waitFor } from '../testing/harness.ts';
import { STORE_KINDS } from '../testing/postgres.ts';
import { tracingSettingsProblem } from './tracing.ts';
import { HEADER } from '../../src/contract/index.ts';

/**
 * Traces over OTLP/HTTP (server/observe/tracing.ts): the production server (server/main.ts, a child process
 * as `npm start` runs it) with OTEL_EXPORTER_OTLP_ENDPOINT pointing at a receiver started here, which keeps
 * every export as sent (the HTTP exporter's JSON encoding), in front of the stand-in upstream.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
}
interface OtlpExport {
  resourceSpans: {
    resource: { attributes: OtlpSpan['attributes'] };
    scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[];
  }[];
}
const SPAN_KIND_CLIENT = 3;

/** A local OTLP/HTTP receiver: every body posted to /v1/traces, as received. */
async function startReceiver() {
  const bodies: string[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces') bodies.push(Buffer.concat(chunks).toString('utf8'));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bodies,
    spans: () =>
      bodies.flatMap((body) =>
        (JSON.parse(body) as OtlpExport).resourceSpans.flatMap((resource) =>
          resource.scopeSpans.flatMap((scope) => scope.spans.map((span) => ({ ...span, scope: scope.scope.name }))),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((entry) => entry.key === key)?.value;
  return value ? Object.values(value)[0] : undefined;
};

describe.each(STORE_KINDS)('traces over OTLP, on the %s store', (kind) => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-tracing-'));
  let standin: Awaited<ReturnType<typeof startStandin>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>> | null = null;
  let child: ChildProcess;
  let output = '';
  let origin = '';

  beforeAll(async () => {
    standin = await startStandin({ token: TEST_TOKEN, port: 0 });
    receiver = await startReceiver();
    if (kind === 'postgres') database = await freshPostgresDatabase();
    const dist = path.join(work, 'dist');
    fs.mkdirSync(dist);
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--port', String(port), '--outDir', dist], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        API_BASE_URL: standin.url,
        API_TOKEN: TEST_TOKEN,
        CREDITSCOPE_DATA_DIR: path.join(work, 'data'),
        ...(database ? { DATABASE_URL: database.url } : {}),
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        // Exported within 100 ms of ending, not the default 5 s.
        OTEL_BSP_SCHEDULE_DELAY: '100',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitFor(
      () =>
        fetch(`${origin}/healthz`).then(
          (response) => response.ok || child.exitCode !== null,
          () => child.exitCode !== null,
        ),
      (ready) => ready,
      60_000,
    );
    expect(child.exitCode, output).toBeNull();
  }, 90_000);

  afterAll(async () => {
    child?.kill('SIGKILL');
    await receiver?.close();
    await standin?.close();
    await database?.drop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('a paid page is a trace: its upstream call a span under the request span, its log lines carry reqId and trace_id, the token nowhere', async () => {
    const response = await fetch(`${origin}/api/v1/social/microblog/posts?screen_name=ada__traced`, {
      headers: { [HEADER.client]: '1' },
    });
    expect(response.status).toBe(200);
    const calls = (await (await fetch(`${standin.url}/_control/log`)).json()) as { path: string }[];
    expect(calls).toHaveLength(1);
    // A feed's key is its address's only credential: traced as <key>.
    const feedKey = 'tracedFeedKey0123456789abcdefghi';
    expect((await fetch(`${origin}/feeds/${feedKey}/watches.atom`)).status).toBe(404);

    const spans = await waitFor(
      async () => receiver.spans(),
      (found) =>
        found.some((span) => span.scope === '@opentelemetry/instrumentation-http') &&
        found.some((span) => span.name === 'request' && attribute(span, 'http.route')?.toString().includes('posts')) &&
        found.some((span) => attribute(span, 'url.path') === '/feeds/<key>/watches.atom'),
      10_000,
    );
    // The agreed service name when OTEL_SERVICE_NAME is unset.
    const resource = (JSON.parse(receiver.bodies[0]!) as OtlpExport).resourceSpans[0]!.resource;
    expect(resource.attributes.find((entry) => entry.key === 'service.name')?.value).toEqual({
      stringValue: 'creditscope',
    });
    const request = spans.find(
      (span) => span.name === 'request' && String(attribute(span, 'url.path')).includes('posts'),
    )!;
    expect(request.scope).toBe('@fastify/otel');
    const upstream = spans.filter(
      (span) => span.scope === '@opentelemetry/instrumentation-http' && span.traceId === request.traceId,
    );
    // One paid call, one upstream span, to the stand-in's timeline address, kept to its path.
    expect(upstream).toHaveLength(1);
    expect(attribute(upstream[0]!, 'url.full')).toBe(`${standin.url}${calls[0]!.path}`);
    expect(attribute(upstream[0]!, 'http.response.status_code')).toBe(200);
    // Its ancestors lead to the request's span (through Fastify's handler span).
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    const ancestors: string[] = [];
    for (let at = upstream[0]!.parentSpanId; at && byId.has(at); at = byId.get(at)!.parentSpanId) ancestors.push(at);
    expect(ancestors).toContain(request.spanId);
    expect(attribute(request, 'url.path')).toBe('/api/v1/social/microblog/posts');

    // On PostgreSQL, the request's queries (its ledger row written and settled) are spans of its trace too.
    if (kind === 'postgres') {
      const queries = spans.filter(
        (span) => span.scope === '@opentelemetry/instrumentation-pg' && span.traceId === request.traceId,
      );
      expect(queries.length).toBeGreaterThan(0);
      expect(queries.every((span) => span.kind === SPAN_KIND_CLIENT)).toBe(true);
    }
    // Hook spans are named by stage and function, never by a plugin's source text.
    expect(spans.filter((span) => span.name.length > 80).map((span) => span.name)).toEqual([]);

    // Nothing exported names the token or the query's screen name.
    const exported = receiver.bodies.join('\n');
    expect(exported).not.toContain(TEST_TOKEN);
    expect(exported).not.toContain('ada__traced');
    expect(exported).not.toContain(feedKey);

    // Fastify's log lines for that request carry its id and its trace.
    const lines = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const requestLine = lines.find((line) => line.msg === 'request' && line.path === '/api/v1/social/microblog/posts')!;
    expect(requestLine.reqId).toEqual(expect.any(String));
    expect(requestLine.trace_id).toBe(request.traceId);
    expect(requestLine.span_id).toBe(request.spanId);
    expect(output).not.toContain(TEST_TOKEN);
  });
});

describe('tracing settings', () => {
  it('refuses what would drop every span silently, and says what to give', () => {
    expect(tracingSettingsProblem({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' })).toBeNull();
    expect(tracingSettingsProblem({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://otel.example/v1/traces' })).toBeNull();
    expect(tracingSettingsProblem({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toBe(
      'OTEL_EXPORTER_OTLP_ENDPOINT is "collector:4318": give the OTLP/HTTP receiver\'s address, such as http://127.0.0.1:4318',
    );
    expect(tracingSettingsProblem({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'not a url' })).toMatch(
      /^OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is "not a url"/,
    );
    expect(
      tracingSettingsProblem({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4317',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
      }),
    ).toMatch(/^OTEL_EXPORTER_OTLP_PROTOCOL is "grpc": this server sends traces over HTTP/);
  });
});
