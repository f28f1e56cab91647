import { expect, test } from '@playwright/test';
import { screenshots } from '../support/product';

test('the API description is browsable at /api/docs under the product\'s security headers', async ({ page }) => {
  const problems: string[] = [];
  // A Content-Security-Policy violation is reported on the console as an error.
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('requestfailed', (request) => problems.push(`${request.url()} failed`));

  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { name: /Linkbio API/ })).toBeVisible();
  await expect(page.locator('.opblock-summary-path', { hasText: '/api/links/{id}/click' })).toBeVisible();

  await page.locator('.opblock-summary', { hasText: '/api/auth/me' }).first().click();
  await expect(page.getByText('The signed-in creator.').first()).toBeVisible();
  await screenshots(page, 'api-docs');
  expect(problems).toEqual([]);
});
