import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('is demo mode with neither variable set', () => {
    expect(loadConfig({})).toMatchObject({ mode: 'demo', creditLimit: null, timeoutMs: 30_000 });
  });

  it('strips a trailing /v1 and slashes from API_BASE_URL', () => {
    expect(loadConfig({ API_BASE_URL: 'https://api.example.com/v1/', API_TOKEN: 't' }).baseUrl).toBe('https://api.example.com');
  });

  it.each([
    [{ API_BASE_URL: 'https://api.example.com' }, /API_TOKEN is not/],
    [{ API_TOKEN: 'secret-value' }, /API_BASE_URL is not/],
    [{ API_BASE_URL: 'not a url', API_TOKEN: 't' }, /not a URL/],
    [{ API_BASE_URL: 'ftp://x.example', API_TOKEN: 't' }, /http:\/\/ or https:\/\//],
    [{ CREDIT_LIMIT: '-3' }, /CREDIT_LIMIT/],
    [{ CREDIT_LIMIT: 'lots' }, /CREDIT_LIMIT/],
    [{ UPSTREAM_TIMEOUT_MS: '1.5s' }, /UPSTREAM_TIMEOUT_MS/],
  ])('rejects %j with a specific message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('never puts the token in an error message', () => {
    expect(() => loadConfig({ API_TOKEN: 'secret-value' })).toThrow(ConfigError);
    expect(() => loadConfig({ API_TOKEN: 'secret-value' })).not.toThrow(/secret-value/);
  });
});
