import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/test.ts';
import { startInstance } from './support/instances.ts';
import { E2E } from './support/ports.ts';
import { alias, standin } from './support/standin.ts';
import { signedWith, startWebhookReceiver } from '../server/testing/webhook-receiver.ts';
import type { DeliveryBody } from '../src/contract/watch-webhooks.ts';

/**
 * A watch's webhook through the Watches page (#37), on an instance of its own (the production server, upstream
 * mode, the shared upstream stand-in) and a receiver on 127.0.0.1 (a loopback server nobody signs in to may reach
 * it): the webhook is set on the watch's row, its secret shown; Run now's new items arrive there once, signed with
 * that secret, and the delivery is listed on the row. The receiver answers 500 once: the same delivery again.
 *
 * Production project only: it needs a fast tick and retry (CREDITSCOPE_WATCH_TICK_MS, _WEBHOOK_RETRY_MS) the dev
 * server lacks, and a watch list of its own (on the dev server, e2e/watches.spec.ts's; playwright.config.ts).
 */
const upstream = standin(E2E.upstreamStandin);

test('a webhook set on a watch gets its run’s new items, signed, and each delivery is listed on the watch', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const receiver = await startWebhookReceiver();
  const instance = await startInstance(E2E.webhooksApp, {
    API_BASE_URL: `http://127.0.0.1:${E2E.upstreamStandin}`,
    API_TOKEN: E2E.token,
    CREDITSCOPE_DATA_DIR: `${process.env.CREDITSCOPE_E2E_DIR}/webhooks-${Date.now()}`,
    CREDITSCOPE_WATCH_TICK_MS: '200',
    CREDITSCOPE_WEBHOOK_RETRY_MS: '500',
  });
  try {
    const handle = alias('ada', 'webhook');
    // A page bought first: creditscope learns what a page costs, so a watch has a price.
    await page.goto(`${instance.origin}/timeline?screen_name=${handle}`);
    await expect(page.locator('article').first()).toBeVisible();
    await page.goto(`${instance.origin}/watches`);
    const form = page.getByTestId('watch-new-section');
    await form.getByTestId('watch-handle').fill(`@${handle}`);
    await form.getByTestId('watch-cap').fill('3');
    await expect(form.getByTestId('watch-quote')).toContainText('at most');
    await form.getByTestId('watch-save').click();
    const row = page.getByTestId('watch-row');
    await expect(row).toHaveCount(1);

    // The row's Webhook part: a URL saved (free), and the secret the server made for it.
    await row.getByTestId('watch-webhook-toggle').click();
    const hook = row.getByTestId('watch-webhook');
    await hook.getByTestId('webhook-url').fill('ftp://example.com/');
    await hook.getByTestId('webhook-save').click();
    await expect(hook.getByTestId('webhook-error')).toContainText('http:// or https://');
    await hook.getByTestId('webhook-url').fill(receiver.url);
    await hook.getByTestId('webhook-save').click();
    const secret = hook.getByTestId('webhook-secret');
    await expect(secret).toHaveText(/^[0-9a-f]{64}$/);
    await expect(hook.getByTestId('webhook-error')).toHaveCount(0);
    await expect(hook.getByText('No deliveries yet')).toBeVisible();
    expect(await upstream.log(handle)).toHaveLength(1);

    // Run now: one POST with the run's items, signed with the secret shown; listed on the row as delivered.
    receiver.failNext(500);
    await row.getByTestId('watch-run-now').click();
    await expect(row.getByTestId('watch-row-last')).toHaveText(/^done · \d+ new/);
    const delivery = hook.getByTestId('webhook-delivery');
    await expect(delivery).toHaveCount(1);
    await expect(delivery).toHaveAttribute('data-state', 'delivered', { timeout: 15_000 });
    await expect(delivery).toContainText('2 attempts · HTTP 200');
    expect(receiver.received.map((one) => one.answered)).toEqual([500, 200]);
    const [failed, delivered] = receiver.received;
    expect(delivered!.headers['x-creditscope-delivery']).toBe(failed!.headers['x-creditscope-delivery']);
    expect(signedWith((await secret.textContent())!, delivered!)).toBe(true);
    const body = JSON.parse(delivered!.body) as DeliveryBody;
    expect(body.text.split('\n')[0]).toMatch(new RegExp(`^@${handle}: \\d+ new posts$`));
    expect(body.items.length).toBeGreaterThan(0);
    expect(delivered!.body).not.toContain(E2E.token);
    expect(await upstream.log(handle)).toHaveLength(2);

    // The person's own webhook for all their watches is on the page too.
    await expect(page.getByTestId('person-webhook').getByTestId('webhook-save')).toHaveText(/Set webhook/);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations).toEqual([]);
  } finally {
    await instance.stop();
    await receiver.close();
  }
});
