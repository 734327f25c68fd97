import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../config.ts';
import { lockDataDir } from '../ledger/dir-lock.ts';
import { describeStorageError, Ledger } from '../ledger/ledger.ts';
import { CREDITS, startStandin } from '../standin/server.ts';
import { normalisedError } from './errors.ts';
import { createForwarder, type Upstream } from './forward.ts';
import { refusalReason } from './guard.ts';
import { ExchangeStore } from './inspector-store.ts';
import { Limits } from './limits.ts';
import { OPERATIONS } from './operations.ts';
import { Prices } from './prices.ts';
import { SpendGuard } from './reserve.ts';
import { sendError } from './send.ts';
import { handleSessionRoute, type SessionContext } from './session-routes.ts';

/** Start-up failures a person can act on, said in one line (no stack). */
export class StartupError extends Error {}

function openLedger(dataDir: string) {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.accessSync(dataDir, fs.constants.W_OK);
    // Room for a few ledger rows, checked for real: a full disk is found now, not at the first purchase.
    const probe = path.join(dataDir, '.creditscope-write-probe');
    try { fs.writeFileSync(probe, Buffer.alloc(4096)); } finally { fs.rmSync(probe, { force: true }); }
    const lock = lockDataDir(dataDir);
    try {
      return { ledger: new Ledger(dataDir), lock };
    } catch (error) {
      lock.release();
      throw error;
    }
  } catch (error) {
    throw new StartupError((error as NodeJS.ErrnoException).code
      ? describeStorageError(error, dataDir) + '. Set CREDITSCOPE_DATA_DIR to a folder this user can write.'
      : (error as Error).message);
  }
}

export interface ApiHandler {
  /** Answers anything under /api; returns false for other paths so the host server serves them. */
  handle(request: IncomingMessage, response: ServerResponse): Promise<boolean>;
  describe(): string;
  /** Names the server's address in the data directory's lock. */
  listeningAt(url: string): void;
  close(): Promise<void>;
}

async function startDemoUpstream(port: number) {
  const token = randomBytes(24).toString('hex');
  const standin = await startStandin({ token, port }).catch(() => startStandin({ token, port: 0 }));
  return { standin, upstream: { baseUrl: standin.url, token } };
}

export async function createApiHandler(config: AppConfig): Promise<ApiHandler> {
  // The ledger first: a data directory that cannot be written stops everything before anything can spend.
  const { ledger, lock } = openLedger(config.dataDir);
  const demo = config.mode === 'demo' ? await startDemoUpstream(config.demoStandinPort) : null;
  const upstream: Upstream = {
    baseUrl: demo?.upstream.baseUrl ?? config.baseUrl,
    token: demo?.upstream.token ?? config.token,
    timeoutMs: config.timeoutMs,
  };
  const limits = new Limits(ledger, config.creditLimit);
  // Only the stand-in's list prices are known in advance; a real upstream's are learnt from meta.credits.
  const prices = new Prices(ledger, demo ? CREDITS : null);
  const exchanges = new ExchangeStore();
  const guard = new SpendGuard(limits, (operation) => prices.ceiling(operation));
  const forward = createForwarder({ upstream, ledger, exchanges, guard, prices });
  const upstreamLabel = demo ? `built-in stand-in (${upstream.baseUrl})` : upstream.baseUrl;
  const context: SessionContext = { ledger, limits, prices, exchanges, mode: config.mode, upstreamLabel };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<boolean> {
    const url = new URL(request.url ?? '/', 'http://app.local');
    if (url.pathname !== '/api' && !url.pathname.startsWith('/api/')) return false;
    const route = OPERATIONS[url.pathname];
    try {
      // Every /api request passes the guard, the free state-changing /api/_session routes included.
      const refusal = refusalReason(request, config.allowedHosts);
      if (refusal) {
        sendError(response, normalisedError(403, 'auth', `Refused: ${refusal}`));
        return true;
      }
      if (url.pathname === '/api/_session' || url.pathname.startsWith('/api/_session/')) {
        await handleSessionRoute(url.pathname.slice('/api/_session'.length), request, response, context);
        return true;
      }
      if (!route) {
        sendError(response, normalisedError(404, 'not_found', `No API endpoint ${url.pathname}: only search and the microblog timeline are available`));
      } else if (request.method !== route.method) {
        sendError(response, normalisedError(405, 'bad_request', `${url.pathname} accepts ${route.method} only`), { allow: route.method });
      } else {
        await forward(url.pathname, url, request, response);
      }
    } catch (error) {
      const charged = route ? 'unknown' : 'no';
      if (!response.headersSent) sendError(response, normalisedError(500, 'upstream', `creditscope proxy failed: ${(error as Error).message}`, { charged }));
    }
    return true;
  }

  return {
    handle,
    describe: () => (demo
      ? `creditscope: DEMO MODE, no API_BASE_URL/API_TOKEN set, so calls go to the built-in stand-in upstream at ${upstream.baseUrl}. Ledger: ${config.dataDir}`
      : `creditscope: upstream ${upstream.baseUrl} with the token from API_TOKEN (${upstream.token.length} characters, never shown). Ledger: ${config.dataDir}`)
      + (config.creditLimit ? `. Operator credit limit (all spend since start): ${config.creditLimit}` : '')
      + (ledger.outcomesUnknown().length
        ? `. ${ledger.outcomesUnknown().length} call(s) were sent but never settled (outcome unknown, may have been charged): counted at list price until you run \`npm run ledger -- clear-unknown\``
        : ''),
    listeningAt: (url) => lock.setUrl(url),
    close: async () => { ledger.close(); lock.release(); await demo?.standin.close(); },
  };
}
