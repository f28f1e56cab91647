import { expect, test } from '@playwright/test';
import { waitForEmailMatch } from '../support/mailbox';
import { expectAccessible, expectNoSidewaysScroll, newCreator, registerWith } from '../support/product';

/*
 * The e-mail list (issue 27) as a visitor and a creator meet it at 390 px: the creator switches the page's
 * subscribe block on in the dashboard; a visitor joins from the page with JavaScript (the answer shows in place)
 * and another without it (a page answers); the confirmation e-mail's link puts the address on the list, which
 * the creator then sees as confirmed.
 */

const PHONE = { width: 390, height: 844 };

test('a visitor joins the list from the page, confirms by e-mail, and the creator sees them', async ({ browser, baseURL }) => {
  const creator = newCreator('el');
  const dashboard = await browser.newContext({ baseURL, viewport: PHONE });
  const owner = await dashboard.newPage();
  await registerWith(owner.request, creator);
  await owner.goto('/dashboard');
  const card = owner.getByRole('region', { name: 'E-mail list' });
  await card.getByRole('switch', { name: 'Show a subscribe block on my page' }).click();
  await expect(card.getByRole('switch', { name: 'Show a subscribe block on my page' })).toBeChecked();
  await expect(card.getByText('No subscribers yet')).toBeVisible();
  await expect(card.getByRole('alert')).toContainText('Sending to your e-mail list is part of Premium.');

  // With JavaScript: the answer shows in place.
  const visitor = await browser.newContext({ baseURL, viewport: PHONE });
  const page = await visitor.newPage();
  await page.goto(`/${creator.username}`);
  await expect(page.getByRole('heading', { name: 'Join my e-mail list' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'The bio page with its subscribe block');
  await expectAccessible(page);
  const fan = `fan-${creator.username}@example.com`;
  const since = Date.now();
  await page.getByRole('textbox', { name: 'Your e-mail address' }).fill(fan);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('status')).toHaveText('Check your inbox to confirm.');
  await expect(page).toHaveURL(new RegExp(`/${creator.username}$`));

  // Without JavaScript: the plain form posts and a page answers.
  const noScript = await browser.newContext({ baseURL, viewport: PHONE, javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto(`/${creator.username}`);
  await plain.getByRole('textbox', { name: 'Your e-mail address' }).fill(`plain-${creator.username}@example.com`);
  await plain.getByRole('button', { name: 'Subscribe' }).click();
  await expect(plain.getByText('Check your inbox to confirm.')).toBeVisible();
  await expectNoSidewaysScroll(plain, 'The answer page');

  // Double opt-in: the link in the e-mail confirms.
  const link = await waitForEmailMatch(fan, /https?:\/\/\S+\/list\/confirm\/[A-Za-z0-9_-]{43}/, { since });
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible();

  await owner.reload();
  const list = owner.getByRole('region', { name: 'E-mail list' }).getByRole('list', { name: 'Subscribers' });
  await expect(list.getByText(fan)).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: fan })).toContainText('Confirmed');
  await expect(list.getByRole('listitem').filter({ hasText: `plain-${creator.username}@example.com` })).toContainText('Waiting for confirmation');
  await expectNoSidewaysScroll(owner, 'The dashboard with the e-mail list');

  await Promise.all([dashboard.close(), visitor.close(), noScript.close()]);
});
