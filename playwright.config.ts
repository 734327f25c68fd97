import { defineConfig, devices } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { builtServerArgs } from './e2e/support/built-server.ts';
import { E2E } from './e2e/support/ports.ts';

/** Each run keeps its ledgers in a fresh temporary folder: a test never sees another run's spend. */
const runDir = process.env.CREDITSCOPE_E2E_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-e2e-'));
process.env.CREDITSCOPE_E2E_DIR = runDir;

/** The servers run on the Node that runs Playwright: the project's Node 24 under npm scripts and npx. */
const NODE = JSON.stringify(process.execPath);

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The production server as `npm start` runs it (compiled: dist/server-app/main.js) on the build in E2E_DIST
 * (default dist/). A build of your own renders timelines on the server only with the server copy beside it
 * (else it serves the SPA): `npx vite build --outDir X && npx vite build --ssr src/entry-server.tsx --outDir X/server`.
 */
function production(port: number, env: Record<string, string>) {
  return {
    command: [NODE, ...builtServerArgs(port)].join(' '),
    // Readiness is checked on `/`, never on /api: starting the suite must not spend credits.
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    // Stopped as an operator would: SIGTERM, in-flight calls drain, exit 0.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
    env: { CREDITSCOPE_DATA_DIR: path.join(runDir, String(port)), ...env },
  };
}

const DEV_SUITES = [
  'spend-audit.spec.ts',
  'no-rebuy.spec.ts',
  'timeline.spec.ts',
  'timeline-paging.spec.ts',
  'autoload-asks.spec.ts',
  'search.spec.ts',
  'search-state.spec.ts',
  'smoke.spec.ts',
  'start-page.spec.ts',
  'priced-controls.spec.ts',
  'attacker.spec.ts',
  'archive.spec.ts',
  'timeline-refresh.spec.ts',
  'post-view.spec.ts',
  'archive-hints.spec.ts',
  'timeline-address.spec.ts',
  'speculation.spec.ts',
  // Watches: a run now, a quote on every change of the form, the history and what is new, with effects mounted twice.
  // The dev server's watches are this spec's alone (it expects an empty list, one row, exact counts), so
  // watch-feeds, watches-new and watch-webhooks stay production-only, each on an instance of its own: sharing the
  // dev server, each would add rows and new items to this spec's lists (and watches-new marks all seen);
  // watch-webhooks also needs a fast tick and retry (CREDITSCOPE_WATCH_TICK_MS, _WEBHOOK_RETRY_MS) the dev server lacks.
  'watches.spec.ts',
  // The production server renders a typed address's first page itself: here the browser asks for it, failures included.
  'faults.spec.ts',
];

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/postgres-global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${E2E.demoApp}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    },
  },
  projects: [
    // Listed first because Playwright hands out test groups in the projects' order, and this project's last group,
    // watches.spec.ts, is serial and over two minutes long (it waits for a cron minute): run at the very end it would
    // leave the other worker idle, here the production project's groups run beside it.
    // The dev server runs React StrictMode (mount, unmount, mount): the suites about spending, paging and the
    // lightbox run there too, since that is where a purchase tied to a component's life would be made twice.
    {
      name: 'dev',
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${E2E.devApp}` },
      metadata: { standinPort: E2E.devStandin },
      testMatch: DEV_SUITES,
    },
    {
      name: 'production',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      metadata: { standinPort: E2E.demoStandin },
    },
  ],
  webServer: [
    // Demo mode, as a user gets it, with the built-in stand-in on a known port so tests can read its log and inject faults.
    production(E2E.demoApp, { CREDITSCOPE_DEMO_STANDIN_PORT: String(E2E.demoStandin) }),
    // A "real" upstream: a standalone stand-in with a known token, reached through API_BASE_URL/API_TOKEN.
    {
      command: `${NODE} --import tsx server/standin/main.ts`,
      url: `http://127.0.0.1:${E2E.upstreamStandin}/media/ready.svg`,
      reuseExistingServer: false,
      env: { STANDIN_PORT: String(E2E.upstreamStandin), STANDIN_TOKEN: E2E.token },
    },
    production(E2E.upstreamApp, {
      API_BASE_URL: `http://127.0.0.1:${E2E.upstreamStandin}`,
      API_TOKEN: E2E.token,
      UPSTREAM_TIMEOUT_MS: '3000',
    }),
    {
      command: `${NODE} --import tsx server/dev.ts --port ${E2E.devApp} --strictPort`,
      url: `http://127.0.0.1:${E2E.devApp}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        CREDITSCOPE_DATA_DIR: path.join(runDir, String(E2E.devApp)),
        CREDITSCOPE_DEMO_STANDIN_PORT: String(E2E.devStandin),
      },
    },
    production(E2E.budgetApp, {
      API_BASE_URL: `http://127.0.0.1:${E2E.upstreamStandin}`,
      API_TOKEN: E2E.token,
      CREDIT_LIMIT: '0.3',
    }),
    // The same upstream without CREDIT_LIMIT, for the credits page's exact totals: its ledger is written by credits.spec.ts alone.
    production(E2E.creditsApp, { API_BASE_URL: `http://127.0.0.1:${E2E.upstreamStandin}`, API_TOKEN: E2E.token }),
  ],
});
