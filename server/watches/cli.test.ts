import { afterEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import type { Watch } from '../../src/contract/watches.ts';
import { deliveriesAnswer, type DeliveryBody } from '../../src/contract/watch-webhooks.ts';
import { startProxyAgainstStandin, TEST_TOKEN } from '../testing/harness.ts';
import { cliRunner } from '../testing/cli-process.ts';
import { learnPrices } from '../testing/jobs.ts';
import { signedInPerson } from '../testing/people.ts';
import { setWebhook } from '../testing/watches.ts';
import { signedWith, startWebhookReceiver } from '../testing/webhook-receiver.ts';
import { PeopleAdmin } from '../identity/admin.ts';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** `npm run watch -- …` as a script runs it. */
const runCli = cliRunner('server/watches/cli.ts', cleanup);

describe('npm run watch (#37)', () => {
  it('adds, lists, prices and runs (only with --yes, its webhook delivery sent before it exits) and pauses a watch on the server’s store', async () => {
    const receiver = await startWebhookReceiver();
    cleanup.push(() => receiver.close());
    // The server's own scheduler looks only once a minute: what reaches the receiver by the CLI's exit, the CLI sent.
    const harness = await startProxyAgainstStandin({ CREDITSCOPE_WATCH_TICK_MS: '60000' });
    cleanup.push(() => harness.close());
    await learnPrices(harness.api);
    const env = { API_BASE_URL: harness.standin.url, API_TOKEN: TEST_TOKEN, CREDITSCOPE_DATA_DIR: harness.dataDir };

    const added = await runCli(['add', '--handle', 'grace__wcli', '--cap', '1', '--every', '1h'], env);
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    expect(added.stdout).toContain('hourly · at most 1 credit a day');
    const id = /^Added (\S+)/.exec(added.stdout)![1]!;

    const listed = await runCli(['list'], env);
    expect(listed.stdout).toContain(`${id}  timeline @grace__wcli  owner nobody  hourly (UTC)  cap 1/day`);

    const priced = await runCli(['run', id], env);
    expect(priced.stdout).toContain('costs at most 0.1 credits');
    expect(priced.stdout).toContain('Nothing bought: add --yes');
    expect(await harness.upstreamLog('grace__wcli')).toHaveLength(0);

    const hook = await setWebhook(harness.api, `/api/_watches/${id}/webhook`, receiver.url);
    const ran = await runCli(['run', id, '--yes'], env);
    expect(ran.stderr).toBe('');
    expect(ran.stdout).toContain('Run done: 20 new, 1 call(s), 0.1 credits');
    expect(await harness.upstreamLog('grace__wcli')).toHaveLength(1);
    // Its delivery already there when the process has gone, once, signed with the watch's secret, and recorded.
    expect(receiver.received).toHaveLength(1);
    const [post] = receiver.received;
    expect(signedWith(hook.secret, post!)).toBe(true);
    const body = JSON.parse(post!.body) as DeliveryBody;
    expect(body.watch).toMatchObject({ id, name: '@grace__wcli' });
    expect(body.run).toMatchObject({ trigger: 'now', newItems: 20 });
    expect(body.items).toHaveLength(20);
    const delivered = await harness.api(`/api/_watches/${id}/deliveries`);
    expect(v.parse(deliveriesAnswer, await delivered.json()).deliveries).toMatchObject([
      { state: 'delivered', attempts: 1 },
    ]);

    const paused = await runCli(['pause', id], env);
    expect(paused.stdout).toContain('paused');
    const { watches } = (await (await harness.api('/api/_watches')).json()) as { watches: Watch[] };
    expect(watches[0]).toMatchObject({ id, paused: true, nextRunAt: null, lastRun: { newItems: 20, trigger: 'now' } });

    const bad = await runCli(['add', '--cap', '1'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('add needs --handle or --search');
    const badCap = await runCli(['add', '--search', 'x', '--cap', '1e3'], env);
    expect(badCap.code).toBe(2);
    expect(badCap.stderr).toContain('cap.credits');
    // Two schedules, or a page count that is no count, are refused: neither is silently read as another.
    const odd: [string[], string][] = [
      [['--every', '15m', '--daily', '18:00'], 'add takes one schedule: --every, --daily or --cron'],
      [['--pages', '0x2'], '--pages must be a whole number of pages, like 2, got "0x2"'],
      [['--pages', ''], '--pages must be a whole number of pages, like 2, got ""'],
    ];
    for (const [args, words] of odd) {
      const refused = await runCli(['add', '--search', 'x', '--cap', '1', ...args], env);
      expect([refused.code, refused.stderr], args.join(' ')).toEqual([2, expect.stringContaining(words)]);
    }
  });

  it('gives a watch to an existing member with --owner, required where people sign in, and lists its owner', async () => {
    process.env.CREDITSCOPE_TEST_SCRYPT_LOG_N = '10';
    const harness = await startProxyAgainstStandin({ CREDITSCOPE_AUTH: 'accounts' });
    cleanup.push(() => harness.close());
    const cookie = await signedInPerson(harness, 'alice', 'member', null);
    await new PeopleAdmin(harness.identity, 'cli').add('vic', 'viewer', null);
    const env = {
      API_BASE_URL: harness.standin.url,
      API_TOKEN: TEST_TOKEN,
      CREDITSCOPE_DATA_DIR: harness.dataDir,
      CREDITSCOPE_AUTH: 'accounts',
    };
    const add = ['add', '--handle', 'grace__wown', '--cap', '1'];

    const refusals: [string[], string][] = [
      [[], 'add needs --owner <name> where people sign in'],
      [['--owner', 'nobody__here'], 'Nobody called "nobody__here" here'],
      [['--owner', 'vic'], 'vic is a viewer, who cannot have watches'],
    ];
    for (const [flags, words] of refusals) {
      const refused = await runCli([...add, ...flags], env);
      expect(refused.code, flags.join(' ')).toBe(2);
      expect(refused.stderr).toContain(words);
    }
    // Without the server's CREDITSCOPE_AUTH, the people in its store still make --owner required.
    const { CREDITSCOPE_AUTH: _auth, ...withoutAuth } = env;
    expect((await runCli(add, withoutAuth)).stderr).toContain('add needs --owner');

    const added = await runCli([...add, '--owner', 'alice'], env);
    expect(added.stderr).toBe('');
    const id = /^Added (\S+)/.exec(added.stdout)![1]!;
    expect((await runCli(['list'], env)).stdout.trim().split('\n')).toEqual([
      expect.stringContaining(`${id}  timeline @grace__wown  owner alice  hourly`),
    ]);
    // On alice's own Watches page.
    const mine = await harness.api('/api/_watches', { headers: { cookie } });
    expect(((await mine.json()) as { watches: Watch[] }).watches).toMatchObject([{ id, owner: 'alice' }]);
    expect(await harness.upstreamLog('grace__wown')).toHaveLength(0);
  });
});
