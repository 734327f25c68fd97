import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

export interface ServerOptions {
  port: number;
  host: string;
  /** The folder `vite build` wrote (its `--outDir`). */
  dist: string;
  /** The first screen of a page rendered on the server (`SSR`, on unless set to 0). */
  serverRendering: boolean;
}

export class OptionsError extends Error {}

const usage = (defaultPort: number) =>
  `usage: npm run serve -- [--port ${defaultPort}] [--host 127.0.0.1] [--outDir dist] (or npm run dev -- …; PORT, HOST in the environment)`;

/** `SSR=0` turns server rendering off (the browser renders every page, as under `vite`); anything else unclear is refused. */
function serverRenderingSetting(raw: string | undefined): boolean {
  const value = raw?.trim().toLowerCase();
  if (!value || ['1', 'true', 'on'].includes(value)) return true;
  if (['0', 'false', 'off'].includes(value)) return false;
  throw new OptionsError(
    `SSR must be 1 (render the first screen on the server, the default) or 0 (leave it to the browser), got "${raw}"`,
  );
}

function portNumber(raw: string, from: string): number {
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isInteger(port) || port < 1 || port > 65535) {
    throw new OptionsError(`${from} must be a whole number from 1 to 65535, got "${raw}"`);
  }
  return port;
}

/**
 * Vite's server flags that make sense here: `--port`, `--host` (bare: every address, as in Vite),
 * `--outDir` (alias `--dist`; `npm start` only) and `--strictPort` (accepted; a taken port is always an
 * error here, never a move to the next one). Flags win over PORT and HOST from the environment; loopback
 * and `defaultPort` (4173 for `npm start`, 5173 for `npm run dev`) otherwise.
 */
export function readOptions(
  argv: string[],
  env: Record<string, string | undefined>,
  cwd = process.cwd(),
  defaultPort = 4173,
): ServerOptions {
  const USAGE = usage(defaultPort);
  const flags = new Map<string, string | true>();
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    const match = /^--([A-Za-z-]+)(?:=(.*))?$/.exec(argument);
    if (!match) throw new OptionsError(`unexpected argument "${argument}"; ${USAGE}`);
    const name = match[1]!;
    if (!['port', 'host', 'outDir', 'dist', 'strictPort'].includes(name))
      throw new OptionsError(`unknown option --${name}; ${USAGE}`);
    const next = argv[index + 1];
    const value =
      match[2] ?? (next !== undefined && !next.startsWith('--') && name !== 'strictPort' ? (index++, next) : true);
    flags.set(name === 'dist' ? 'outDir' : name, value);
  }
  const flag = (name: string) => flags.get(name);
  const portFlag = flag('port');
  if (portFlag === true) throw new OptionsError(`--port needs a number; ${USAGE}`);
  const hostFlag = flag('host');
  const outDir = flag('outDir');
  if (outDir === true) throw new OptionsError(`--outDir needs a folder; ${USAGE}`);
  const envPort = env.PORT?.trim();
  const envHost = env.HOST?.trim();
  return {
    port: portFlag !== undefined ? portNumber(portFlag, '--port') : envPort ? portNumber(envPort, 'PORT') : defaultPort,
    host: hostFlag === true ? '0.0.0.0' : (hostFlag ?? (envHost || '127.0.0.1')),
    dist: path.resolve(cwd, outDir ?? 'dist'),
    serverRendering: serverRenderingSetting(env.SSR),
  };
}

/**
 * The environment as `vite build` sees it (vite.config.ts: `loadEnv` for the production
 * mode, then process.env on top): `.env`, `.env.local`, `.env.production`, `.env.production.local`,
 * later files winning. Variables are not expanded (`${OTHER}` stays as written), as the settings
 * creditscope reads never need it.
 */
export function loadEnvFiles(cwd: string, env: NodeJS.ProcessEnv = process.env): Record<string, string | undefined> {
  const merged: Record<string, string | undefined> = {};
  for (const name of ['.env', '.env.local', '.env.production', '.env.production.local']) {
    const file = path.join(cwd, name);
    if (fs.existsSync(file)) Object.assign(merged, parseEnv(fs.readFileSync(file, 'utf8')));
  }
  return { ...merged, ...env };
}
