import { expect, test, type Locator, type Page } from '@playwright/test';
import { screenshots } from '../support/product';

/** Swagger UI draws the operations of a long description as they scroll into view: scroll down from the top until it is drawn. */
async function scrollTo(page: Page, target: Locator): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  for (let i = 0; i < 80 && (await target.count()) === 0; i += 1) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(50);
  }
  await target.first().scrollIntoViewIfNeeded();
}

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
  const click = page.locator('.opblock-summary-path', { hasText: '/api/links/{id}/click' });
  await scrollTo(page, click);
  await expect(click).toBeVisible();

  const me = page.locator('.opblock-summary', { hasText: '/api/auth/me' });
  await scrollTo(page, me);
  await me.first().click();
  await expect(page.getByText('The signed-in creator.').first()).toBeVisible();
  await screenshots(page, 'api-docs');
  expect(problems).toEqual([]);
});
