import { expect, test } from './support/test.ts';
import { E2E } from './support/ports.ts';
import { alias, standin } from './support/standin.ts';
import { HEADER } from '../src/contract/headers.ts';

/**
 * The budget app runs with CREDIT_LIMIT=0.3: a ceiling on all spend since that server started.
 * Other specs may already have spent some of it, so this one buys until refused rather than
 * counting on a fresh ceiling.
 */
const app = `http://127.0.0.1:${E2E.budgetApp}`;
test.use({ baseURL: app });

const HEADERS = { [HEADER.client]: '1' };
const upstream = standin(E2E.upstreamStandin);

test('the operator limit is shown as the operator’s, cannot be lifted from the page, and outlasts a new session', async ({
  page,
  request,
}) => {
  await page.goto('/credits');
  const control = page.getByTestId('budget-control');
  await expect(control.getByTestId('operator-limit')).toContainText('Limit set by the server operator: 0.3 credits');
  await expect(control.getByTestId('operator-limit')).toContainText(/left in total/);
  await expect(control.getByTestId('personal-limit')).toContainText('Your limit for this session: none');

  // The page will not ask for more than the ceiling, and the server refuses it anyway.
  await page.getByLabel('Your limit (credits, at most 0.3)').fill('100');
  await page.getByRole('button', { name: 'Set limit' }).click();
  await expect(control).toContainText('At most 0.3 credits');
  const lifted = await request.put(`${app}/api/_session/budget`, { headers: HEADERS, data: { limit: '100' } });
  expect(lifted.status()).toBe(400);

  // Buy from the page until the ceiling refuses.
  const handle = alias('ada', 'operatorcap');
  const statuses = await page.evaluate(async (name) => {
    const seen: number[] = [];
    for (let index = 0; index < 4 && !seen.includes(402); index += 1) {
      seen.push(
        (
          await fetch(`/api/v1/social/microblog/posts?screen_name=${name}${index}`, {
            headers: { 'x-creditscope-client': '1' },
          })
        ).status,
      );
    }
    return seen;
  }, handle);
  expect(statuses.at(-1)).toBe(402);
  const bought = (await upstream.log(handle)).length;
  expect(bought).toBeLessThanOrEqual(3);

  await page.reload();
  const notice = page.getByTestId('budget-reached');
  await expect(notice).toHaveAttribute('data-reached-by', 'operator');
  await expect(notice).toContainText("The server operator's limit of 0.3 credits is reached");
  await expect(notice).toContainText('cannot be raised from this page');

  // A new session resets the session view, not the ceiling.
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByRole('button', { name: 'Start new session' }).click();
  await expect(page.getByTestId('credits-total')).toHaveText('0');
  await expect(notice).toBeVisible();
  const after = await page.evaluate(
    async (name) =>
      (await fetch(`/api/v1/social/microblog/posts?screen_name=${name}x`, { headers: { 'x-creditscope-client': '1' } }))
        .status,
    handle,
  );
  expect(after).toBe(402);
  expect(await upstream.log(handle)).toHaveLength(bought);
});
