import Big from 'big.js';
import { Problem } from './config-rules.ts';
import type { Period } from './store/totals.ts';

const quoted = (raw: string) => JSON.stringify(raw.length > 80 ? `${raw.slice(0, 80)}…` : raw);

export function databaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Problem(
      'DATABASE_URL is not a URL. Set e.g. DATABASE_URL=postgres://user:password@db.internal:5432/creditscope, or leave it unset for the embedded SQLite store in CREDITSCOPE_DATA_DIR.',
    );
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new Problem(
      `DATABASE_URL must start with postgres:// or postgresql://, got ${url.protocol}//… Only PostgreSQL is supported as a database server; leave it unset for the embedded SQLite store.`,
    );
  }
  return raw;
}

export function creditLimitPeriod(raw: string): Period {
  const value = raw.toLowerCase();
  if (value === 'total' || value === 'day' || value === 'month') return value;
  throw new Problem(
    `CREDIT_LIMIT_PERIOD must be total, day or month (UTC), got ${quoted(raw)}. Leave it unset for total.`,
  );
}

/** A number of credits, or a share of the limit like "80%": where the meter starts warning. */
export function creditWarnAt(raw: string): { credits: string } | { percent: number } {
  const percent = /^(\d{1,2}(?:\.\d+)?)%$/.exec(raw);
  if (percent) return { percent: Number(percent[1]) };
  if (/^\d+(\.\d{1,6})?$/.test(raw)) return { credits: new Big(raw).toFixed() };
  throw new Problem(
    `CREDIT_WARN_AT must be a number of credits like 20, or a share of the limit under 100% like 80%, got ${quoted(raw)}. Leave it unset for no warning.`,
  );
}

const DURATION = /^(\d+)\s*(s|m|h|d)$/;
const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** How long a first page or a search is served from the archive before only a Refresh buys it again. */
export function archiveFreshFor(raw: string): number {
  const match = DURATION.exec(raw.trim().toLowerCase());
  if (!match)
    throw new Problem(
      `ARCHIVE_FRESH_FOR must be a duration like 24h, 90m, 7d or 0s, got ${quoted(raw)}. Leave it unset for 24h.`,
    );
  const ms = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  // A page's freshness is a date: past year 275,760 none is, and every archived answer would fail to be read.
  if (ms > ARCHIVE_FRESH_FOR_MAX_DAYS * UNIT_MS.d)
    throw new Problem(
      `ARCHIVE_FRESH_FOR may be at most ${ARCHIVE_FRESH_FOR_MAX_DAYS}d (100 years), got ${quoted(raw)}. Leave it unset for 24h.`,
    );
  return ms;
}

const ARCHIVE_FRESH_FOR_MAX_DAYS = 36_500;

/** A warning that could never show is a mistake worth a word at start-up, not a meter that silently never turns amber. */
export function warnAtProblem(
  rawWarn: string | undefined,
  warn: { credits: string } | { percent: number } | null,
  rawLimit: string | undefined,
  limit: string | null,
): string | null {
  if (!warn || rawWarn === undefined) return null;
  if ('percent' in warn && rawLimit === undefined) {
    return `CREDIT_WARN_AT=${rawWarn} is a share of CREDIT_LIMIT, which is not set: set CREDIT_LIMIT, or CREDIT_WARN_AT to a number of credits.`;
  }
  if ('credits' in warn && limit !== null && new Big(warn.credits).gte(limit)) {
    return `CREDIT_WARN_AT=${rawWarn} is not below CREDIT_LIMIT=${limit}, so it would never warn before the limit stops calls: set it lower, e.g. CREDIT_WARN_AT=80%.`;
  }
  return null;
}
