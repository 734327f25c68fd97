import os from 'node:os';
import path from 'node:path';
import { archiveFreshFor, creditLimitPeriod, creditWarnAt, databaseUrl, warnAtProblem } from './store-config-rules.ts';
import type { Period } from './store/totals.ts';
import {
  allowedHosts,
  apiBaseUrl,
  apiToken,
  creditLimit,
  DEMO_STANDIN_PORT,
  demoStandinPort,
  JOB_CONCURRENCY,
  JOB_LEASE_MS,
  jobConcurrency,
  jobLeaseMs,
  Problem,
  TIMEOUT_MS,
  upstreamTimeout,
  WATCH_TICK_MS,
  watchTickMs,
} from './config-rules.ts';
import { publicUrl, resolveAuth, type AuthConfig } from './identity/auth-config.ts';
import { WEBHOOK_RETRY_MS, webhookPrivate, webhookRetryMs } from './watches/webhook-config.ts';
import { creditPrice } from './credit-price-rule.ts';
import { metricsToken } from './http/metrics-access.ts';
import type { CreditPrice } from '../src/contract/index.ts';

export interface AppConfig {
  mode: 'demo' | 'upstream';
  /** Upstream origin and base path, without `/v1`; empty in demo mode until the stand-in has started. */
  baseUrl: string;
  token: string;
  creditLimit: string | null;
  /** What CREDIT_LIMIT counts: all spend in the store, or this UTC day's, or this UTC month's. */
  creditLimitPeriod: Period;
  creditWarnAt: { credits: string } | { percent: number } | null;
  /** PostgreSQL shared by several instances; null for the embedded SQLite file in dataDir. */
  databaseUrl: string | null;
  archiveFreshForMs: number;
  dataDir: string;
  timeoutMs: number;
  allowedHosts: string[];
  /** Demo mode's stand-in port: fixed so image URLs in a persisted cache stay valid across restarts. */
  demoStandinPort: number;
  /** Collection jobs: calls in flight per job by default, and how long a process's claim on a job lasts unrenewed. */
  jobConcurrency: number;
  jobLeaseMs: number;
  /** Watches (#37): how often this process looks for due runs. */
  watchTickMs: number;
  /** Watches' webhooks: the waits before each retry, and whether they may reach private addresses (null: by auth). */
  webhookRetryMs: number[];
  webhookPrivate: 'allow' | 'deny' | null;
  /** Who may spend (#28): the mode, and header mode's header and trusted proxies (server/identity/). */
  auth: AuthConfig;
  /** What one credit costs in a currency (CREDIT_PRICE=0.002 USD), shown beside credits; null: credits only. */
  creditPrice: CreditPrice | null;
  /** Where people reach this server, for the links the CLI prints (CREDITSCOPE_PUBLIC_URL); null: http://HOST:PORT. */
  publicUrl: string | null;
  /** What a scraper from another machine sends for GET /metrics (CREDITSCOPE_METRICS_TOKEN); null: loopback only. */
  metricsToken: string | null;
}

export class ConfigError extends Error {}

/**
 * Outside the project folder on purpose: the dev server serves and watches its root, and a ledger
 * inside it could be read by any page or make every write reload every tab (XDG data home).
 */
export function defaultDataDir(env: Record<string, string | undefined>): string {
  const base = env.XDG_DATA_HOME?.trim() || path.join(env.HOME?.trim() || os.homedir(), '.local', 'share');
  return path.join(base, 'creditscope');
}

/**
 * Reads settings from an env record (process.env merged with .env.local by Vite's loadEnv); every problem is
 * reported at once. `listenHost` (--host, else HOST) decides whether anyone beyond this machine can reach it.
 */
export function loadConfig(
  env: Record<string, string | undefined>,
  cwd = process.cwd(),
  listenHost = env.HOST?.trim() || '127.0.0.1',
): AppConfig {
  const setting = (name: string) => env[name]?.trim() || undefined;
  const rawBase = setting('API_BASE_URL');
  const rawToken = setting('API_TOKEN');
  if (Boolean(rawBase) !== Boolean(rawToken)) {
    throw new ConfigError(
      rawBase
        ? 'API_BASE_URL is set but API_TOKEN is not. Set both (in the environment or .env.local), or neither for demo mode.'
        : 'API_TOKEN is set but API_BASE_URL is not. Set both (in the environment or .env.local), or neither for demo mode.',
    );
  }
  const problems: string[] = [];
  function read<T>(name: string, rule: (raw: string) => T, fallback: T): T {
    const raw = setting(name);
    if (raw === undefined) return fallback;
    try {
      return rule(raw);
    } catch (error) {
      if (!(error instanceof Problem)) throw error;
      problems.push(error.message);
      return fallback;
    }
  }
  const config: AppConfig = {
    mode: rawBase ? 'upstream' : 'demo',
    baseUrl: read('API_BASE_URL', apiBaseUrl, ''),
    token: read('API_TOKEN', apiToken, ''),
    creditLimit: read<string | null>('CREDIT_LIMIT', creditLimit, null),
    creditLimitPeriod: read<Period>('CREDIT_LIMIT_PERIOD', creditLimitPeriod, 'total'),
    creditWarnAt: read<AppConfig['creditWarnAt']>('CREDIT_WARN_AT', creditWarnAt, null),
    databaseUrl: read<string | null>('DATABASE_URL', databaseUrl, null),
    archiveFreshForMs: read('ARCHIVE_FRESH_FOR', archiveFreshFor, 24 * 3_600_000),
    dataDir: env.CREDITSCOPE_DATA_DIR?.trim()
      ? path.resolve(cwd, env.CREDITSCOPE_DATA_DIR.trim())
      : defaultDataDir(env),
    timeoutMs: read('UPSTREAM_TIMEOUT_MS', upstreamTimeout, TIMEOUT_MS.fallback),
    demoStandinPort: read('CREDITSCOPE_DEMO_STANDIN_PORT', demoStandinPort, DEMO_STANDIN_PORT),
    allowedHosts: read('ALLOWED_HOSTS', allowedHosts, []),
    jobConcurrency: read('JOB_CONCURRENCY', jobConcurrency, JOB_CONCURRENCY.fallback),
    jobLeaseMs: read('JOB_LEASE_MS', jobLeaseMs, JOB_LEASE_MS.fallback),
    watchTickMs: read('CREDITSCOPE_WATCH_TICK_MS', watchTickMs, WATCH_TICK_MS.fallback),
    webhookRetryMs: read('CREDITSCOPE_WEBHOOK_RETRY_MS', webhookRetryMs, WEBHOOK_RETRY_MS),
    webhookPrivate: read<'allow' | 'deny' | null>('CREDITSCOPE_WEBHOOK_PRIVATE', webhookPrivate, null),
    auth: { mode: 'none', exposed: false, header: 'x-forwarded-user', trustedProxies: [], newcomers: 'viewer' },
    publicUrl: read<string | null>('CREDITSCOPE_PUBLIC_URL', publicUrl, null),
    creditPrice: read<CreditPrice | null>('CREDIT_PRICE', creditPrice, null),
    metricsToken: read<string | null>('CREDITSCOPE_METRICS_TOKEN', metricsToken, null),
  };
  config.auth = resolveAuth(setting, read, { listenHost, allowedHosts: config.allowedHosts }, problems);
  const warnProblem = warnAtProblem(
    setting('CREDIT_WARN_AT'),
    config.creditWarnAt,
    setting('CREDIT_LIMIT'),
    config.creditLimit,
  );
  if (warnProblem) problems.push(warnProblem);
  if (problems.length > 0) throw new ConfigError(problems.join('\n'));
  return config;
}
