import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cliRunner } from '../testing/cli-process.ts';
import { startProxyAgainstStandin } from '../testing/harness.ts';
import { describeAuth } from './describe.ts';

const run = promisify(execFile);

beforeAll(() => {
  process.env.CREDITSCOPE_TEST_SCRYPT_LOG_N = '10';
});
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** `npm run user -- …` as an admin runs it. */
const user = cliRunner('server/identity/cli.ts', cleanup);

describe('npm run user', () => {
  it('adds a person with a one-time welcome link, makes a key that spends as them, and every change is audited', async () => {
    const harness = await startProxyAgainstStandin({ CREDITSCOPE_AUTH: 'accounts' });
    cleanup.push(() => harness.close());
    expect(await describeAuth(harness.identity, harness.config)).toMatch(
      /No admin yet: create one with `npm run user -- add <name> --role admin`/,
    );
    const env = { CREDITSCOPE_DATA_DIR: harness.dataDir, CREDITSCOPE_PUBLIC_URL: 'https://cs.example.com/' };

    const added = await user(['add', 'alice', '--limit', '0.3', '--period', 'day'], env);
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    expect(added.stdout).toContain('Added alice (member, 0.3 credits a day (UTC)).');
    const token = /https:\/\/cs\.example\.com\/welcome#token=([\w-]+)/.exec(added.stdout)?.[1];
    expect(token).toBeDefined();
    const welcome = await harness.api('/api/_auth/welcome', {
      method: 'POST',
      body: JSON.stringify({ token, password: 'correct horse battery' }),
    });
    expect(welcome.status).toBe(200);

    const keyOutput = (await user(['key', 'alice'], env)).stdout;
    const key = /^Authorization: Bearer (cs_[\w-]+)$/m.exec(keyOutput)?.[1];
    expect(key).toBeDefined();
    // The line it prints to try the key, run as printed (at this server's address): it answers whose key it is.
    const tryIt = /^Try it \(free\): (curl .*)$/m.exec(keyOutput)?.[1];
    expect(tryIt).toBe(`curl -H "Authorization: Bearer ${key}" "https://cs.example.com/api/_auth/me"`);
    const { stdout: me } = await run('sh', ['-c', tryIt!.replace('https://cs.example.com', harness.origin)]);
    expect(JSON.parse(me)).toMatchObject({ person: { name: 'alice', role: 'member' } });
    const asAlice = { authorization: `Bearer ${key}` };
    expect(
      (await harness.api('/api/v1/social/microblog/posts?screen_name=ada__cli1', { headers: asAlice })).status,
    ).toBe(200);

    expect((await user(['list'], env)).stdout).toMatch(/^alice {2}member {2}0\.3 credits a day \(UTC\)$/m);
    expect((await user(['add', 'alice'], env)).stderr).toMatch(/"alice" is already here/);
    const bad = await user(['add', 'bob', '--role', 'owner'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/A role must be admin, member or viewer, got "owner"/);
    // A word more is refused, not dropped: `add dave admin` would have made dave a member.
    for (const [args, words] of [
      [['add', 'dave', 'admin'], /unexpected argument "admin" after add dave/],
      [['limit', 'alice', '5', 'day'], /unexpected argument "day" after limit alice 5/],
      [['key', 'alice', '--label', ' '], /--label must be 1 to 100 characters/],
    ] as const) {
      const refused = await user([...args], env);
      expect([refused.code, refused.stderr], args.join(' ')).toEqual([2, expect.stringMatching(words)]);
    }
    expect((await user(['list'], env)).stdout).not.toMatch(/dave/);
    const alike = await user(['add', 'Alice'], env);
    expect([alike.code, alike.stderr]).toEqual([
      1,
      expect.stringMatching(/"Alice" differs from "alice", who is already here/),
    ]);
    expect((await user(['limit', 'alice', 'none'], env)).code).toBe(0);
    expect((await user(['remove', 'alice'], env)).code).toBe(0);
    // Removed: her key and her session stop working; the ledger keeps her name.
    expect(
      (await harness.api('/api/v1/social/microblog/posts?screen_name=ada__cli2', { headers: asAlice })).status,
    ).toBe(401);
    expect(await harness.upstreamLog()).toHaveLength(1);

    const audit = (await harness.identity.audit.page(null)).entries;
    expect(audit.map((entry) => `${entry.actor} ${entry.action} ${entry.subject}`).reverse()).toEqual([
      'cli person-added alice',
      'cli key-created alice',
      'cli limit-set alice',
      'cli person-removed alice',
    ]);
  }, 90_000);
});
