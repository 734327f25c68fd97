import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const upstream = { API_BASE_URL: 'https://api.example.com', API_TOKEN: 't' };

describe('store configuration', () => {
  it('defaults to the SQLite store, a total limit period, no warning and a 24h archive', () => {
    expect(loadConfig(upstream)).toMatchObject({
      databaseUrl: null,
      creditLimitPeriod: 'total',
      creditWarnAt: null,
      archiveFreshForMs: 86_400_000,
    });
  });

  it.each([
    [
      'DATABASE_URL',
      'postgres://creditscope:pw@db.internal:5432/creditscope',
      { databaseUrl: 'postgres://creditscope:pw@db.internal:5432/creditscope' },
    ],
    [
      'DATABASE_URL',
      'postgresql://db.internal/creditscope?sslmode=require',
      { databaseUrl: 'postgresql://db.internal/creditscope?sslmode=require' },
    ],
    ['DATABASE_URL', '  postgres://localhost/creditscope  ', { databaseUrl: 'postgres://localhost/creditscope' }],
    ['CREDIT_LIMIT_PERIOD', 'total', { creditLimitPeriod: 'total' }],
    ['CREDIT_LIMIT_PERIOD', 'day', { creditLimitPeriod: 'day' }],
    ['CREDIT_LIMIT_PERIOD', 'Month', { creditLimitPeriod: 'month' }],
    ['CREDIT_WARN_AT', '80%', { creditWarnAt: { percent: 80 } }],
    ['CREDIT_WARN_AT', '99.5%', { creditWarnAt: { percent: 99.5 } }],
    ['CREDIT_WARN_AT', '20', { creditWarnAt: { credits: '20' } }],
    ['CREDIT_WARN_AT', '0.000001', { creditWarnAt: { credits: '0.000001' } }],
    ['ARCHIVE_FRESH_FOR', '0s', { archiveFreshForMs: 0 }],
    ['ARCHIVE_FRESH_FOR', '1s', { archiveFreshForMs: 1_000 }],
    ['ARCHIVE_FRESH_FOR', '90m', { archiveFreshForMs: 5_400_000 }],
    ['ARCHIVE_FRESH_FOR', '24H', { archiveFreshForMs: 86_400_000 }],
    ['ARCHIVE_FRESH_FOR', '7d', { archiveFreshForMs: 604_800_000 }],
    ['ARCHIVE_FRESH_FOR', '36500d', { archiveFreshForMs: 36_500 * 86_400_000 }],
  ])('accepts %s=%j', (name, value, expected) => {
    expect(loadConfig({ ...upstream, CREDIT_LIMIT: '100', [name]: value })).toMatchObject(expected);
  });

  it.each([
    [
      { DATABASE_URL: 'db.internal:5432' },
      /^DATABASE_URL must start with postgres:\/\/ or postgresql:\/\/, got db\.internal:\/\/…/,
    ],
    [
      { DATABASE_URL: 'not a url' },
      /^DATABASE_URL is not a URL\. Set e\.g\. DATABASE_URL=postgres:\/\/user:password@db\.internal:5432\/creditscope, or leave it unset for the embedded SQLite store in CREDITSCOPE_DATA_DIR\.$/,
    ],
    [
      { DATABASE_URL: 'mysql://root:pw@db/creditscope' },
      /^DATABASE_URL must start with postgres:\/\/ or postgresql:\/\/, got mysql:\/\/… Only PostgreSQL is supported/,
    ],
    [
      { DATABASE_URL: 'sqlite:///var/lib/creditscope.db' },
      /^DATABASE_URL must start with postgres:\/\/.*got sqlite:\/\/….*leave it unset for the embedded SQLite store\.$/,
    ],
    [
      { CREDIT_LIMIT_PERIOD: 'week' },
      /^CREDIT_LIMIT_PERIOD must be total, day or month \(UTC\), got "week"\. Leave it unset for total\.$/,
    ],
    [{ CREDIT_LIMIT_PERIOD: 'daily' }, /got "daily"/],
    [
      { CREDIT_WARN_AT: '100%' },
      /^CREDIT_WARN_AT must be a number of credits like 20, or a share of the limit under 100% like 80%, got "100%"\. Leave it unset for no warning\.$/,
    ],
    [{ CREDIT_WARN_AT: '150%' }, /^CREDIT_WARN_AT .* got "150%"/],
    [{ CREDIT_WARN_AT: '-5' }, /^CREDIT_WARN_AT .* got "-5"/],
    [{ CREDIT_WARN_AT: '1e3' }, /^CREDIT_WARN_AT .* got "1e3"/],
    [{ CREDIT_WARN_AT: '80 %' }, /^CREDIT_WARN_AT .* got "80 %"/],
    [{ CREDIT_WARN_AT: '0.0000001' }, /^CREDIT_WARN_AT .* got "0.0000001"/],
    [
      { ARCHIVE_FRESH_FOR: '24' },
      /^ARCHIVE_FRESH_FOR must be a duration like 24h, 90m, 7d or 0s, got "24"\. Leave it unset for 24h\.$/,
    ],
    [{ ARCHIVE_FRESH_FOR: '1.5h' }, /got "1.5h"/],
    [{ ARCHIVE_FRESH_FOR: '-1h' }, /got "-1h"/],
    [{ ARCHIVE_FRESH_FOR: '2w' }, /got "2w"/],
    [{ ARCHIVE_FRESH_FOR: '99999999d' }, /^ARCHIVE_FRESH_FOR may be at most 36500d \(100 years\), got "99999999d"/],
    [{ ARCHIVE_FRESH_FOR: 'forever' }, /got "forever"/],
    [{ ARCHIVE_FRESH_FOR: 'x'.repeat(200) }, new RegExp(`got "${'x'.repeat(80)}…"`)],
  ])('refuses %j in one line naming the variable, the value and the fix', (env, message) => {
    const attempt = () => loadConfig({ ...upstream, CREDIT_LIMIT: '100', ...env });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(message);
    try {
      attempt();
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it.each([
    [
      { CREDIT_WARN_AT: '80%' },
      /^CREDIT_WARN_AT=80% is a share of CREDIT_LIMIT, which is not set: set CREDIT_LIMIT, or CREDIT_WARN_AT to a number of credits\.$/,
    ],
    [
      { CREDIT_LIMIT: '10', CREDIT_WARN_AT: '10' },
      /^CREDIT_WARN_AT=10 is not below CREDIT_LIMIT=10, so it would never warn before the limit stops calls: set it lower, e\.g\. CREDIT_WARN_AT=80%\.$/,
    ],
    [{ CREDIT_LIMIT: '10', CREDIT_WARN_AT: '25.5' }, /^CREDIT_WARN_AT=25\.5 is not below CREDIT_LIMIT=10/],
  ])('refuses a warning that could never show: %j', (env, message) => {
    expect(() => loadConfig({ ...upstream, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...upstream, ...env })).toThrow(message);
  });

  it('keeps a warning in credits without an operator limit (the meter can still say it), and one below the limit', () => {
    expect(loadConfig({ ...upstream, CREDIT_WARN_AT: '5' }).creditWarnAt).toEqual({ credits: '5' });
    expect(loadConfig({ ...upstream, CREDIT_LIMIT: '10', CREDIT_WARN_AT: '9.5' }).creditWarnAt).toEqual({
      credits: '9.5',
    });
  });

  it('reports every bad store variable at once, one line each, with the others', () => {
    expect(() =>
      loadConfig({
        ...upstream,
        CREDIT_LIMIT: 'x',
        CREDIT_LIMIT_PERIOD: 'week',
        CREDIT_WARN_AT: 'soon',
        DATABASE_URL: 'nope',
        ARCHIVE_FRESH_FOR: 'ever',
      }),
    ).toThrow(/^CREDIT_LIMIT .*\nCREDIT_LIMIT_PERIOD .*\nCREDIT_WARN_AT .*\nDATABASE_URL .*\nARCHIVE_FRESH_FOR .*$/);
  });

  it('never puts the database password in a message', () => {
    for (const url of [
      'mysql://root:s3cret-pw@db/creditscope',
      'postgres//root:s3cret-pw@db',
      'http://root:s3cret-pw@db/creditscope',
    ]) {
      expect(() => loadConfig({ ...upstream, DATABASE_URL: url })).toThrow(ConfigError);
      expect(() => loadConfig({ ...upstream, DATABASE_URL: url })).not.toThrow(/s3cret/);
    }
  });
});
