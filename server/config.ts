import os from 'node:os';
import path from 'node:path';

export interface AppConfig {
  mode: 'demo' | 'upstream';
  /** Upstream origin without `/v1`; empty in demo mode until the stand-in has started. */
  baseUrl: string;
  token: string;
  creditLimit: string | null;
  dataDir: string;
  timeoutMs: number;
  allowedHosts: string[];
  /** Demo mode's stand-in port: fixed so image URLs in a persisted cache stay valid across restarts. */
  demoStandinPort: number;
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

const DECIMAL = /^\d+(\.\d+)?$/;

/** Reads settings from an env record (process.env merged with .env.local by Vite's loadEnv). */
export function loadConfig(env: Record<string, string | undefined>, cwd = process.cwd()): AppConfig {
  const rawBase = env.API_BASE_URL?.trim() ?? '';
  const token = env.API_TOKEN?.trim() ?? '';
  if (Boolean(rawBase) !== Boolean(token)) {
    throw new ConfigError(rawBase
      ? 'API_BASE_URL is set but API_TOKEN is not. Set both (in the environment or .env.local), or neither for demo mode.'
      : 'API_TOKEN is set but API_BASE_URL is not. Set both (in the environment or .env.local), or neither for demo mode.');
  }
  let baseUrl = '';
  if (rawBase) {
    let parsed: URL;
    try { parsed = new URL(rawBase); } catch { throw new ConfigError(`API_BASE_URL "${rawBase}" is not a URL; expected e.g. https://api.example.com`); }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new ConfigError(`API_BASE_URL must start with http:// or https://, got ${parsed.protocol}`);
    baseUrl = parsed.toString().replace(/\/+$/, '').replace(/\/v1$/, '');
  }
  const limit = env.CREDIT_LIMIT?.trim();
  if (limit && !DECIMAL.test(limit)) throw new ConfigError(`CREDIT_LIMIT must be a non-negative number like 25 or 0.5, got "${limit}"`);
  const timeout = env.UPSTREAM_TIMEOUT_MS?.trim();
  if (timeout && !/^\d+$/.test(timeout)) throw new ConfigError(`UPSTREAM_TIMEOUT_MS must be a whole number of milliseconds, got "${timeout}"`);
  return {
    mode: rawBase ? 'upstream' : 'demo',
    baseUrl,
    token,
    creditLimit: limit || null,
    dataDir: env.CREDITSCOPE_DATA_DIR?.trim() ? path.resolve(cwd, env.CREDITSCOPE_DATA_DIR.trim()) : defaultDataDir(env),
    timeoutMs: timeout ? Number(timeout) : 30_000,
    demoStandinPort: Number(env.CREDITSCOPE_DEMO_STANDIN_PORT ?? 4599) || 4599,
    allowedHosts: (env.ALLOWED_HOSTS ?? '').split(',').map((host) => host.trim().toLowerCase()).filter(Boolean),
  };
}
