import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { waitForEmailMatch } from '../support/mailbox';
import {
  expectAccessible,
  newCreator,
  registerThroughApi,
  screenshots,
  signIn,
  type Creator,
} from '../support/product';

/*
 * The rest of the Account page: confirming the e-mail address from the link the product e-mails at sign-up,
 * downloading one's data, and deleting the account. One creator, signed up through the API; the tests run in
 * order and the last one deletes it.
 */

const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
const CONFIRM_LINK = /https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9_-]+/;
const BANNER = 'Please confirm your email address: payouts wait until it is confirmed.';

let creator: Creator;
let signedUpAt = 0;

test.beforeAll(async () => {
  creator = newCreator('data');
  signedUpAt = Date.now();
  await registerThroughApi(BASE_URL, creator);
});

test.describe('account data', () => {
  test('the e-mail banner until the address is confirmed through the e-mailed link', async ({ page }) => {
    await signIn(page, creator);
    await expect(page.getByText(BANNER)).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'email-banner');

    const link = new URL(await waitForEmailMatch(creator.email, CONFIRM_LINK, { since: signedUpAt }));
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your email' })).toBeVisible();
    await expect(page.getByText('Your email address is confirmed')).toBeVisible();
    // The token leaves the address bar at once.
    expect(await page.evaluate(() => window.location.search)).toBe('');
    await expectAccessible(page);
    await screenshots(page, 'verify-email-done');

    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: creator.displayName })).toBeVisible();
    await expect(page.getByText(BANNER)).toBeHidden();

    // The link works once; opened again, the page says the address is confirmed and offers no resend.
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByText('Your email address is already confirmed')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to your dashboard' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend the link' })).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('download your data as a JSON file', async ({ page }) => {
    await signIn(page, creator);
    await page.goto('/dashboard/account');
    const card = page.getByRole('region', { name: 'Your data' });
    await expect(page.getByRole('region', { name: 'Email' }).getByText('Confirmed', { exact: true })).toBeVisible();

    const downloading = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Download your data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^linkbio-${creator.username}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
    );
    const data = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      account: { username: string; email: string };
    };
    expect(data.account).toMatchObject({ username: creator.username, email: creator.email });
    await expect(card.getByText(`Your data is downloading as ${download.suggestedFilename()}.`)).toBeVisible();
  });

  test('delete the account: the password asked, then the landing page, the page gone', async ({ page }) => {
    await signIn(page, creator);
    await page.goto('/dashboard/account');
    const card = page.getByRole('region', { name: 'Delete account' });
    await expect(card.getByText('Your username becomes free for others after 30 days.')).toBeVisible();
    await card.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expectAccessible(page);
    await screenshots(page, 'delete-account-dialog');

    await dialog.getByLabel('Password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByText('Your password is not correct')).toBeVisible();

    await dialog.getByLabel('Password').fill(creator.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL(new RegExp(`^${BASE_URL}/?$`));
    await expect(page.getByText('Your account has been deleted').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();

    expect((await page.request.get(`/${creator.username}`)).status()).toBe(404);
    const me = await page.request.get('/api/auth/me');
    expect(me.status()).toBe(401);
  });
});
