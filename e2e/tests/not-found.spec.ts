import { expect, test } from '@playwright/test';
import { expectAccessible, screenshots } from '../support/product';

test('an unknown page answers 404 and shows the 404 page', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'not-found');
  await page.getByRole('link', { name: 'Go home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
