import { expect, test } from './support/test.ts';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { E2E } from './support/ports.ts';
import { standin } from './support/standin.ts';
import { settled } from './support/settle.ts';

/** A page on another origin that tries every way a browser can be made to call the proxy. */
function hostilePage(appOrigin: string, tag: string) {
  const timeline = `${appOrigin}/api/v1/social/microblog/posts?screen_name=${tag}`;
  return `<!doctype html><title>evil</title><body>
<img src="${timeline}&via=img">
<form id="f" method="POST" action="${appOrigin}/api/v1/search" enctype="text/plain" target="sink"><input name='{"q":"${tag}","x":"' value='"}'></form>
<iframe name="sink"></iframe>
<script>
  fetch(${JSON.stringify(`${timeline}&via=cors`)}, { headers: { 'x-creditscope-client': '1' } }).catch(() => {});
  fetch(${JSON.stringify(`${timeline}&via=nocors`)}, { mode: 'no-cors', credentials: 'include' }).catch(() => {});
  fetch(${JSON.stringify(`${appOrigin}/api/v1/search`)}, { method: 'POST', mode: 'no-cors', body: JSON.stringify({ q: ${JSON.stringify(tag)} }) }).catch(() => {});
  navigator.sendBeacon(${JSON.stringify(`${appOrigin}/api/v1/search`)}, JSON.stringify({ q: ${JSON.stringify(tag)} }));
  document.getElementById('f').submit();
  setTimeout(() => { document.title = 'done'; }, 1500);
</script></body>`;
}

test('another origin cannot spend credits by fetch, no-cors fetch, img, form post or sendBeacon', async ({
  page,
  baseURL,
}) => {
  const tag = `ada__evil${Date.now().toString(36)}`;
  const server = http.createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html' }).end(hostilePage(baseURL!, tag)),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await expect(page).toHaveTitle('done', { timeout: 10_000 });
    await settled(page);
    expect(await standin().log(tag)).toHaveLength(0);
  } finally {
    server.close();
  }
});

test('navigating straight to a paid /api URL reaches the upstream zero times', async ({ page }) => {
  const tag = `ada__nav${Date.now().toString(36)}`;
  const response = await page.goto(`/api/v1/social/microblog/posts?screen_name=${tag}`);
  expect(response?.status()).toBe(403);
  expect(await standin().log(tag)).toHaveLength(0);
});

test.describe('against a real upstream with a token', () => {
  test.use({ baseURL: `http://127.0.0.1:${E2E.upstreamApp}` });

  test('every call carries the token upstream and no byte the browser receives contains it', async ({ page }) => {
    const tag = `grace__tok${Date.now().toString(36)}`;
    const received: string[] = [];
    page.on('response', async (response) => {
      received.push(JSON.stringify(await response.allHeaders()));
      received.push(await response.text().catch(() => ''));
    });
    await page.goto(`/timeline?screen_name=${tag}`);
    await expect(page.locator('article').first()).toBeVisible();
    await page.evaluate(async () => {
      // Bodies read in full, so every response has finished before the network counts as idle.
      await (
        await fetch('/api/v1/search', {
          method: 'POST',
          headers: { 'x-creditscope-client': '1', 'content-type': 'application/json' },
          body: '{"q":"token scan"}',
        })
      ).text();
      await (
        await fetch('/api/v1/social/microblog/posts?screen_name=fault_500_text', {
          headers: { 'x-creditscope-client': '1' },
        })
      ).text();
      await (await fetch('/api/nope', { headers: { 'x-creditscope-client': '1' } })).text();
    });
    await settled(page);
    expect(received.length).toBeGreaterThan(5);
    for (const chunk of received) expect(chunk).not.toContain(E2E.token);
    const calls = await standin(E2E.upstreamStandin).log(tag);
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call.authorization).toBe(`Bearer ${E2E.token}`);
  });

  test('the built bundle does not contain the token', () => {
    const dist = process.env.E2E_DIST ?? 'dist';
    const files = fs.readdirSync(dist, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(files.length).toBeGreaterThan(2);
    for (const file of files) {
      expect(fs.readFileSync(path.join(file.parentPath, file.name), 'utf8')).not.toContain(E2E.token);
    }
  });
});

test('pages ask the browser to send no referrer with images and links', async ({ page }) => {
  await page.goto('/timeline?screen_name=grace');
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
});
