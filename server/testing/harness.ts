import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../config.ts';
import { createApiHandler } from '../proxy/handler.ts';
import { startStandin } from '../standin/server.ts';
import { inject, onTestFinished } from 'vitest';
import type { StoreKind } from '../store/open.ts';
import { createTestDatabase } from './postgres.ts';
import { listenOnTestBuild } from './app-host.ts';
import { startRelay } from './relay.ts';
import { asClientSends } from './client-headers.ts';
import type { LedgerRow, SessionState } from '../../src/contract/index.ts';

export const TEST_TOKEN = 'test-token-3f9a7c1e5b2d4f60-never-in-the-browser';

export interface HarnessOptions {
  /** Put the fault relay between the proxy and the stand-in (for cut connections and charged 5xx). */
  relay?: boolean;
  /** Point the proxy at this origin instead (e.g. a closed port), keeping the stand-in for its log. */
  baseUrl?: string;
  /** The store under test: the embedded SQLite file (default) or a fresh database on the run's PostgreSQL. */
  store?: StoreKind;
  /** Share another harness's store (its data directory and database): a second server process on one store. */
  shareStoreOf?: { dataDir: string; databaseUrl: string | null };
  /** The token the stand-in accepts and the proxy sends (TEST_TOKEN unless given). */
  token?: string;
  /** The app's limits on how long a client may take to send a request (server/app.ts). */
  requestTimeouts?: { headersMs: number; requestMs: number };
  /** Which socket addresses /metrics serves without a token: none, to stand for a scraper on another machine. */
  isLocalPeer?: (address: string | undefined) => boolean;
}

/** A database of its own on the run's throwaway PostgreSQL (see postgres-global-setup.ts). */
export async function freshPostgresDatabase() {
  return createTestDatabase(inject('databaseUrl'));
}

/** The real server app over real HTTP in front of a real stand-in: what the Vitest proxy suites run against. */
export async function startProxyAgainstStandin(env: Record<string, string> = {}, options: HarnessOptions = {}) {
  const token = options.token ?? TEST_TOKEN;
  const standin = await startStandin({ token, port: 0 });
  const relay = options.relay ? await startRelay(standin.url) : null;
  const shared = options.shareStoreOf ?? null;
  const dataDir = shared?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-test-'));
  const database = !shared && options.store === 'postgres' ? await freshPostgresDatabase() : null;
  const databaseUrl = shared ? shared.databaseUrl : (database?.url ?? null);
  const baseUrl = options.baseUrl ?? relay?.url ?? standin.url;
  // Tests time out in well under the 1 s an operator may set, to stay fast: applied past loadConfig's range check.
  const { UPSTREAM_TIMEOUT_MS: testTimeout, ...rest } = env;
  const config = loadConfig({
    API_BASE_URL: baseUrl,
    API_TOKEN: token,
    CREDITSCOPE_DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...rest,
  });
  if (testTimeout) config.timeoutMs = Number(testTimeout);
  const handler = await createApiHandler(config);
  const server = await listenOnTestBuild(config, handler, options.requestTimeouts, options.isLocalPeer);
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const api = (pathname: string, init: RequestInit = {}) =>
    fetch(`${origin}${pathname}`, {
      ...init,
      headers: asClientSends({
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.headers as Record<string, string>),
      }),
    });
  return {
    origin,
    standin,
    relay,
    dataDir,
    databaseUrl,
    config,
    api,
    /** Who may spend (#28): the server's own people, sessions and keys, for a test to add people as the CLI does. */
    identity: handler.identity,
    /** Every /api route with its action in the who-may-do-what table (server/identity/access.ts). */
    access: handler.access,
    upstreamLog: async (match?: string) =>
      (await (
        await fetch(`${standin.url}/_control/log${match ? `?match=${encodeURIComponent(match)}` : ''}`)
      ).json()) as {
        at: string;
        path: string;
        query: Record<string, string>;
        body: unknown;
        authorization: string | null;
        cookie: string | null;
      }[],
    fault: (rule: object) => fetch(`${standin.url}/_control/faults`, { method: 'POST', body: JSON.stringify(rule) }),
    /** The ledger as the UI reads it. */
    state: async <T = SessionStateBody>() => (await (await api('/api/_session')).json()) as T,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await handler.close();
      await relay?.close();
      await standin.close();
      if (!shared) {
        await database?.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

export type ProxyHarness = Awaited<ReturnType<typeof startProxyAgainstStandin>>;

/**
 * startProxyAgainstStandin for one test: closed when that test finishes (Vitest runs those hooks last started,
 * first), so a test needs no cleanup list of its own.
 */
export async function harnessForTest(env: Record<string, string> = {}, options: HarnessOptions = {}) {
  const harness = await startProxyAgainstStandin(env, options);
  onTestFinished(() => harness.close());
  return harness;
}

/** What `/api/_session` answers with: the contract's shapes (src/contract/session.ts). */
export type SessionStateBody = SessionState;
export type RowBody = LedgerRow;

/** Waits for a condition the system signals (a log entry, a ledger row), instead of sleeping and hoping. */
export async function waitFor<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(
        `waitFor: condition not met within ${timeoutMs} ms (last value ${JSON.stringify(value)?.slice(0, 300)})`,
      );
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
