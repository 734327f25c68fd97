import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { ConfigError, loadConfig } from './config.ts';

const upstream = { API_BASE_URL: 'https://api.example.com', API_TOKEN: 't' };

describe('configuration', () => {
  it('is demo mode with neither variable set', () => {
    expect(loadConfig({})).toMatchObject({
      mode: 'demo',
      creditLimit: null,
      timeoutMs: 30_000,
      demoStandinPort: 4599,
      allowedHosts: [],
    });
  });

  it('strips a trailing /v1 and slashes from API_BASE_URL', () => {
    expect(loadConfig({ ...upstream, API_BASE_URL: 'https://api.example.com/v1/' }).baseUrl).toBe(
      'https://api.example.com',
    );
    expect(loadConfig({ ...upstream, API_BASE_URL: 'https://api.example.com/' }).baseUrl).toBe(
      'https://api.example.com',
    );
  });

  it('keeps any other base path, without its trailing /v1', () => {
    expect(loadConfig({ ...upstream, API_BASE_URL: 'https://gw.example.com/tenant-a' }).baseUrl).toBe(
      'https://gw.example.com/tenant-a',
    );
    expect(loadConfig({ ...upstream, API_BASE_URL: 'http://GW.example.com:8443/tenant-a/v1/' }).baseUrl).toBe(
      'http://gw.example.com:8443/tenant-a',
    );
  });

  it.each([
    ['UPSTREAM_TIMEOUT_MS', '1000', { timeoutMs: 1000 }],
    ['UPSTREAM_TIMEOUT_MS', '120000', { timeoutMs: 120_000 }],
    ['CREDIT_LIMIT', '0', { creditLimit: '0' }],
    ['CREDIT_LIMIT', '0.000001', { creditLimit: '0.000001' }],
    ['CREDIT_LIMIT', '1000000000', { creditLimit: '1000000000' }],
    ['CREDITSCOPE_DEMO_STANDIN_PORT', '1', { demoStandinPort: 1 }],
    ['CREDITSCOPE_DEMO_STANDIN_PORT', '65535', { demoStandinPort: 65_535 }],
    [
      'ALLOWED_HOSTS',
      ' Box.LAN , 192.168.1.20,fe80::1,[::2],my_service, ',
      { allowedHosts: ['box.lan', '192.168.1.20', '[fe80::1]', '[::2]', 'my_service'] },
    ],
  ])('accepts %s=%j, at its bound', (name, value, expected) => {
    expect(loadConfig({ ...upstream, [name]: value })).toMatchObject(expected);
  });

  it.each([
    [{ API_BASE_URL: 'https://api.example.com' }, /API_TOKEN is not/],
    [{ API_TOKEN: 'secret-value' }, /API_BASE_URL is not/],
    [{ ...upstream, API_BASE_URL: 'not a url' }, /^API_BASE_URL "not a url" is not a URL/],
    // No URL, and a password or a query in it all the same: left out of the words, as from one that parses.
    [
      { ...upstream, API_BASE_URL: 'http://user:TOKzq9+Xy7/LEAK=ME@127.0.0.1:7802' },
      /^API_BASE_URL "http:\/\/…@127\.0\.0\.1:7802" is not a URL/,
    ],
    [
      { ...upstream, API_BASE_URL: 'https://api.example.com:99999/?key=SECRET' },
      /^API_BASE_URL "https:\/\/api\.example\.com:99999\/\?…" is not a URL/,
    ],
    [
      { ...upstream, API_BASE_URL: 'ftp://x.example' },
      /^API_BASE_URL must start with http:\/\/ or https:\/\/, got ftp:/,
    ],
    [
      { ...upstream, API_BASE_URL: 'https://api.example.com/?key=abc' },
      /^API_BASE_URL "https:\/\/api.example.com\/\?…" has a query string.*e\.g\. https:\/\/api\.example\.com$/,
    ],
    [
      { ...upstream, API_BASE_URL: 'https://api.example.com/base#top' },
      /has a query string or fragment.*e\.g\. https:\/\/api\.example\.com\/base$/,
    ],
    [
      { ...upstream, API_BASE_URL: 'https://me:pw@api.example.com' },
      /^API_BASE_URL "https:\/\/…@api\.example\.com\/" has a user name or password/,
    ],
    [
      { ...upstream, API_TOKEN: 'line\nbreak' },
      /^API_TOKEN has a character that cannot be sent in an HTTP header \(U\+000A at position 5 of 10\)/,
    ],
    [{ ...upstream, API_TOKEN: '“quoted”' }, /U\+201C at position 1/],
    [
      { CREDIT_LIMIT: '-3' },
      /^CREDIT_LIMIT "-3" is not a non-negative decimal number\. Set a number of credits from 0 to 1000000000/,
    ],
    [{ CREDIT_LIMIT: 'lots' }, /^CREDIT_LIMIT "lots" is not a non-negative decimal/],
    [{ CREDIT_LIMIT: '1e3' }, /^CREDIT_LIMIT "1e3" is not a non-negative decimal/],
    [{ CREDIT_LIMIT: '0.0000001' }, /^CREDIT_LIMIT "0.0000001" has more than 6 decimals/],
    [{ CREDIT_LIMIT: '1000000000.000001' }, /^CREDIT_LIMIT "1000000000.000001" is over 1000000000/],
    [
      { UPSTREAM_TIMEOUT_MS: '1.5s' },
      /^UPSTREAM_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 120000 \(1 s to 2 min\), got "1.5s"/,
    ],
    [{ UPSTREAM_TIMEOUT_MS: '0' }, /got "0"\. Set e\.g\. UPSTREAM_TIMEOUT_MS=30000, or leave it unset for 30000/],
    [{ UPSTREAM_TIMEOUT_MS: '999' }, /^UPSTREAM_TIMEOUT_MS .* got "999"/],
    [{ UPSTREAM_TIMEOUT_MS: '120001' }, /^UPSTREAM_TIMEOUT_MS .* got "120001"/],
    [{ UPSTREAM_TIMEOUT_MS: '3000000000' }, /^UPSTREAM_TIMEOUT_MS .* got "3000000000"/],
    [
      { CREDITSCOPE_DEMO_STANDIN_PORT: '0' },
      /^CREDITSCOPE_DEMO_STANDIN_PORT must be a whole number from 1 to 65535, got "0"\. Leave it unset for 4599/,
    ],
    [{ CREDITSCOPE_DEMO_STANDIN_PORT: '65536' }, /got "65536"/],
    [{ CREDITSCOPE_DEMO_STANDIN_PORT: 'http' }, /got "http"/],
    [
      { ALLOWED_HOSTS: 'box.lan,http://other.lan' },
      /^ALLOWED_HOSTS entry "http:\/\/other.lan" has a scheme: give the host name alone\. .*e\.g\. ALLOWED_HOSTS=other\.lan$/,
    ],
    [{ ALLOWED_HOSTS: 'box.lan:5173' }, /^ALLOWED_HOSTS entry "box.lan:5173" has a port.*ALLOWED_HOSTS=box\.lan$/],
    [{ ALLOWED_HOSTS: '[::1]:5173' }, /entry "\[::1\]:5173" has a port/],
    [
      { ALLOWED_HOSTS: 'box.lan other.lan' },
      /^ALLOWED_HOSTS entry "box.lan other.lan" contains a space.*ALLOWED_HOSTS=box\.lan,other\.lan$/,
    ],
    [{ ALLOWED_HOSTS: '.example.com' }, /starts with a dot/],
    [{ ALLOWED_HOSTS: 'box.lan/app' }, /entry "box.lan\/app" is not a host name or an IP address/],
    [{ ALLOWED_HOSTS: '-box.lan' }, /entry "-box.lan" is not a host name/],
    [{ CREDITSCOPE_METRICS_TOKEN: 'too short' }, /^CREDITSCOPE_METRICS_TOKEN must be at least 16 printable characters/],
  ])('refuses %j, naming the variable, the value and the fix', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reports every bad variable at once, one line each', () => {
    expect(() => loadConfig({ UPSTREAM_TIMEOUT_MS: '0', CREDIT_LIMIT: 'x', ALLOWED_HOSTS: 'a b' })).toThrow(
      /^CREDIT_LIMIT .*\nUPSTREAM_TIMEOUT_MS .*\nALLOWED_HOSTS .*$/,
    );
  });

  it('never puts the token in an error message', () => {
    expect(() => loadConfig({ API_TOKEN: 'secret-value' })).toThrow(ConfigError);
    expect(() => loadConfig({ API_TOKEN: 'secret-value' })).not.toThrow(/secret-value/);
    expect(() => loadConfig({ API_BASE_URL: 'https://x.example', API_TOKEN: 'secret\u0001value' })).not.toThrow(
      /secret/,
    );
    expect(() =>
      loadConfig({ API_BASE_URL: 'https://user:secret-pw@x.example/?key=secret-key', API_TOKEN: 't' }),
    ).not.toThrow(/secret/);
  });
});

describe('who may spend (CREDITSCOPE_AUTH)', () => {
  it('is none on loopback with nothing set: today behaviour', () => {
    expect(loadConfig({}).auth).toMatchObject({ mode: 'none', exposed: false });
    expect(loadConfig({}, undefined, '::1').auth.mode).toBe('none');
    expect(loadConfig({ HOST: 'localhost' }).auth.mode).toBe('none');
  });

  it('is accounts by default beyond loopback: another --host, HOST, or ALLOWED_HOSTS set', () => {
    expect(loadConfig({}, undefined, '0.0.0.0').auth).toMatchObject({ mode: 'accounts', exposed: false });
    expect(loadConfig({ HOST: '192.168.1.20' }).auth.mode).toBe('accounts');
    expect(loadConfig({ ALLOWED_HOSTS: 'box.lan' }).auth.mode).toBe('accounts');
  });

  it('is none beyond loopback only when set explicitly, and then says so (exposed)', () => {
    expect(loadConfig({ CREDITSCOPE_AUTH: 'none', ALLOWED_HOSTS: 'box.lan' }).auth).toMatchObject({
      mode: 'none',
      exposed: true,
    });
    expect(loadConfig({ CREDITSCOPE_AUTH: 'none' }).auth).toMatchObject({ mode: 'none', exposed: false });
  });

  it('reads header mode: the header, the trusted proxies and what a new name becomes', () => {
    expect(
      loadConfig({
        CREDITSCOPE_AUTH: 'Header',
        CREDITSCOPE_AUTH_HEADER: 'Remote-User',
        CREDITSCOPE_TRUSTED_PROXIES: '10.0.0.2, ::1,[fe80::1]',
        CREDITSCOPE_HEADER_NEWCOMERS: 'Refuse',
      }).auth,
    ).toEqual({
      mode: 'header',
      exposed: false,
      header: 'remote-user',
      trustedProxies: ['10.0.0.2', '::1', 'fe80::1'],
      newcomers: 'refuse',
    });
    expect(loadConfig({ CREDITSCOPE_AUTH: 'header', CREDITSCOPE_TRUSTED_PROXIES: '127.0.0.2' }).auth).toMatchObject({
      header: 'x-forwarded-user',
      newcomers: 'viewer',
    });
  });

  it.each([
    [{ CREDITSCOPE_AUTH: 'oauth' }, /^CREDITSCOPE_AUTH must be none, accounts or header, got "oauth"/],
    [{ CREDITSCOPE_AUTH: 'header' }, /^CREDITSCOPE_AUTH=header needs CREDITSCOPE_TRUSTED_PROXIES/],
    [
      { CREDITSCOPE_AUTH: 'header', CREDITSCOPE_TRUSTED_PROXIES: 'nginx.lan' },
      /^CREDITSCOPE_TRUSTED_PROXIES entry "nginx.lan" is not an IP address/,
    ],
    [{ CREDITSCOPE_AUTH_HEADER: 'X User' }, /^CREDITSCOPE_AUTH_HEADER must be a header name/],
    [{ CREDITSCOPE_HEADER_NEWCOMERS: 'admin' }, /^CREDITSCOPE_HEADER_NEWCOMERS must be viewer, member or refuse/],
    [{ CREDITSCOPE_AUTH_DEFAULT_ROLE: 'member' }, /^CREDITSCOPE_AUTH_DEFAULT_ROLE is now CREDITSCOPE_HEADER_NEWCOMERS/],
    [{ CREDITSCOPE_PUBLIC_URL: 'box.lan' }, /^CREDITSCOPE_PUBLIC_URL "box.lan" is not a URL/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('keeps the public URL for the links the CLI prints, without a trailing slash', () => {
    expect(loadConfig({ CREDITSCOPE_PUBLIC_URL: 'https://cs.example.com/' }).publicUrl).toBe('https://cs.example.com');
    expect(loadConfig({}).publicUrl).toBeNull();
  });
});

describe('the documented settings', () => {
  /** The variables the README's Configuration table has a row for. */
  const documented = () => {
    const readme = fs.readFileSync('README.md', 'utf8');
    const table = readme.slice(readme.indexOf('\n## Configuration\n'), readme.indexOf('\n## Scripts\n'));
    return [...table.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((match) => match[1]!);
  };

  it('.env.example offers exactly the settings the README documents', () => {
    const example = [...fs.readFileSync('.env.example', 'utf8').matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map(
      (match) => match[1]!,
    );
    expect(example.sort()).toEqual(documented().sort());
  });

  it('the README documents every setting the server reads', () => {
    const read = new Set<string>();
    // The configuration as the server reads it, every name it asks for recorded.
    loadConfig(
      new Proxy({} as Record<string, string | undefined>, {
        get: (_target, name) => {
          if (typeof name === 'string') read.add(name);
          return undefined;
        },
      }),
    );
    // HOST and PORT are the flags' fallbacks (Production server), HOME and XDG_DATA_HOME the data folder's default
    // (CREDITSCOPE_DATA_DIR's row); the renamed role setting is only warned about.
    for (const name of ['HOST', 'PORT', 'HOME', 'XDG_DATA_HOME', 'CREDITSCOPE_AUTH_DEFAULT_ROLE']) read.delete(name);
    expect([...read].filter((name) => !documented().includes(name))).toEqual([]);
    expect(read.size).toBeGreaterThan(10);
  });
});
