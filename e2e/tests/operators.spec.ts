import { expect, test } from '@playwright/test';

/**
 * The operators' queue dashboard (bull-board) at /admin/queues: closed without the operator sign-in, and
 * with it, the three queues render in the browser under the product's Content-Security-Policy.
 */
const operator = { username: process.env.E2E_OPERATOR_USER ?? '', password: process.env.E2E_OPERATOR_PASSWORD ?? '' };

test('the queue dashboard asks for the operator sign-in', async ({ request }) => {
  const response = await request.get('/admin/queues');
  expect(response.status()).toBe(401);
  expect(response.headers()['www-authenticate']).toContain('Basic realm="Linkbio operators"');
});

test.describe('signed in as the operator', () => {
  test.use({ httpCredentials: operator });

  test('shows the analytics, payouts and maintenance queues', async ({ page }) => {
    expect(operator.username, 'E2E_OPERATOR_USER and E2E_OPERATOR_PASSWORD name the operator (npm test sets them)').not.toBe('');
    // Its typeface's stylesheet (Google Fonts), which the page's own policy allows: an empty sheet stands in
    // for Google's answer, since this machine may have no way out.
    await page.route('https://fonts.googleapis.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/css', body: '' }));
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    expect((await page.goto('/admin/queues'))?.status()).toBe(200);
    for (const name of ['analytics', 'payouts', 'maintenance']) {
      await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
    }
    expect(problems).toEqual([]);
  });
});
