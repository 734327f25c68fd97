import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startWebhookReceiver } from '../testing/webhook-receiver.ts';
import { sendAttempt } from './webhook-send.ts';
import { isPrivateAddress, webhookUrlProblems } from './webhook-url.ts';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function receiver() {
  const started = await startWebhookReceiver();
  cleanup.push(() => started.close());
  return started;
}

const attempt = (url: string, allowPrivate: boolean) =>
  sendAttempt({ deliveryId: 'd-1', url, secret: 's', body: '{"text":"hi"}', allowPrivate });

describe('a webhook attempt (webhook-send.ts) and where it may go (webhook-url.ts)', () => {
  it('does not follow a redirect: a 3xx is a failure that says so, and its target gets nothing', async () => {
    const target = await receiver();
    const redirecting = http.createServer((_request, response) =>
      response.writeHead(302, { location: target.url }).end('moved'),
    );
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => new Promise((resolve) => redirecting.close(() => resolve())));
    const { port } = redirecting.address() as AddressInfo;
    const result = await attempt(`http://127.0.0.1:${port}/hook`, true);
    expect(result).toEqual({
      ok: false,
      status: 302,
      error: 'answered 302 (a redirect: not followed; point the webhook at its target): moved',
    });
    expect(target.received).toHaveLength(0);
  });

  it('counts a 2xx as delivered when its status comes, however slowly the receiver trickles the rest', async () => {
    const trickling = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      const drip = setInterval(() => response.write('.'), 1_000);
      response.on('close', () => clearInterval(drip));
    });
    await new Promise<void>((resolve) => trickling.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => new Promise((resolve) => trickling.close(() => resolve())));
    trickling.on('connection', (socket) => cleanup.push(async () => void socket.destroy()));
    const { port } = trickling.address() as AddressInfo;
    const started = Date.now();
    expect(await attempt(`http://127.0.0.1:${port}/hook`, true)).toEqual({ ok: true, status: 200 });
    // Before: read until 200 characters or the end, one a second, while every other delivery of the process waited.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses a private address where it may not go: a literal one before connecting, a name by what it resolves to', async () => {
    const local = await receiver();
    const port = new URL(local.url).port;
    expect(await attempt(`http://127.0.0.1:${port}/hook`, false)).toMatchObject({ ok: false, status: null });
    // `localhost` is a name: checked on the address the lookup gives, the one the connection would go to.
    const byName = await attempt(`http://localhost:${port}/hook`, false);
    expect(byName).toMatchObject({ ok: false, status: null });
    expect(byName.ok === false && byName.error).toMatch(
      /^localhost resolves to (127\.0\.0\.1|::1), which is a private/,
    );
    expect(local.received).toHaveLength(0);
    expect(await attempt(`http://localhost:${port}/hook`, true)).toEqual({ ok: true, status: 200 });
    expect(local.received).toHaveLength(1);
  });

  it('knows private, loopback and link-local addresses, however written', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '93.184.216.34', '2606:4700::1111', 'hooks.example.com'])
      expect(isPrivateAddress(address), address).toBe(false);
    for (const url of [
      'http://LOCALHOST./x',
      'http://0x7f.1/',
      'http://2130706433/',
      'http://[::ffff:127.0.0.1]/',
      'http://a.localhost/',
    ])
      expect(webhookUrlProblems(url, false), url).toHaveLength(1);
    expect(webhookUrlProblems('https://hooks.example.com/x', false)).toEqual([]);
  });
});
