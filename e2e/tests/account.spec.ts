import { expect, test, type Page } from '@playwright/test';
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
 * The account page and the forgotten-password screens, as a creator uses them. One creator, signed up through
 * the API, serves the whole file (sign-ups are rate-limited per address); the tests run in order and each one
 * carries the account on (a new password, a new profile, a new username). The reset link is read from the
 * e-mail the product writes to its mail folder (local providers: no SMTP).
 */

const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
const RESET_LINK = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/;

let creator: Creator;

test.beforeAll(async () => {
  creator = newCreator('acct');
  await registerThroughApi(BASE_URL, creator);
});

/** From the dashboard to the account page through the avatar menu, as on a phone. */
async function openAccount(page: Page, displayName: string): Promise<void> {
  await page.getByRole('button', { name: `Account menu for ${displayName}` }).click();
  await page.getByRole('menuitem', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/dashboard\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
}

/** Requests to any origin but the product's, made from now on. */
function thirdPartyRequests(page: Page): string[] {
  const origin = new URL(BASE_URL).origin;
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== origin) seen.push(request.url());
  });
  return seen;
}

test.describe('account', () => {
  test('a forgotten password: from the sign-in page, through the e-mailed link, to signed in again', async ({
    page,
  }) => {
    await page.goto('/auth');
    const signInForm = page.getByRole('tabpanel', { name: 'Sign In' });
    await signInForm.getByLabel('Email').fill(creator.email);
    await signInForm.getByRole('link', { name: 'Forgot password?' }).click();

    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(creator.email);
    await expectAccessible(page);
    await screenshots(page, 'forgot-password');

    const askedAt = Date.now();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(
      page.getByText(
        'If an account uses that email address, we have sent it a link to reset the password. The link works for 1 hour.',
      ),
    ).toBeVisible();
    await screenshots(page, 'forgot-password-sent');

    const link = new URL(await waitForEmailMatch(creator.email, RESET_LINK, { since: askedAt }));
    const outside = thirdPartyRequests(page);
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    // The token leaves the address bar (and the history entry) at once.
    await expect(page).toHaveURL(/\/reset-password$/);
    expect(await page.evaluate(() => window.location.search)).toBe('');
    await expectAccessible(page);
    await screenshots(page, 'reset-password');

    const newPassword = `${creator.password} again`;
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm New Password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('Your password has been reset. Sign in with the new password.')).toBeVisible();
    creator.password = newPassword;
    await screenshots(page, 'reset-password-done');
    expect(outside).toEqual([]);

    // The link works once.
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel('New Password', { exact: true }).fill('another-password');
    await page.getByLabel('Confirm New Password').fill('another-password');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('This reset link is not valid any more. Ask for a new one.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');

    await page.goto('/reset-password');
    await expect(page.getByText('The reset link is incomplete. Open the link from the email again.')).toBeVisible();

    await signIn(page, creator, newPassword);
    await expect(page.getByText('Welcome back!').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: creator.displayName })).toBeVisible();
  });

  test('a new display name and bio show on the public page', async ({ page }) => {
    await signIn(page, creator);
    await openAccount(page, creator.displayName);
    await expect(page.getByRole('region', { name: 'Signed-in devices' }).getByText('This device')).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'account');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling on a phone').toBe(
      390,
    );

    const profile = page.getByRole('region', { name: 'Profile' });
    const displayName = `${creator.displayName} Renamed`;
    const bio = 'Photographer in Lisbon. Prints and workshops below.';
    await profile.getByLabel('Display Name').fill(displayName);
    await profile.getByLabel(/^Bio/).fill(bio);
    await expect(profile.getByTestId('bio-counter')).toContainText(`${bio.length}/160`);
    await profile.getByRole('button', { name: 'Save' }).click();
    await expect(profile.getByText('Profile saved')).toBeVisible();
    creator.displayName = displayName;
    // The navigation bar knows at once.
    await expect(page.getByRole('button', { name: `Account menu for ${displayName}` })).toBeVisible();

    await page.goto(`/${creator.username}`);
    await expect(page.getByRole('heading', { name: displayName })).toBeVisible();
    await expect(page.getByText(bio)).toBeVisible();
  });

  test('a new username: the page moves and the old address forwards to it', async ({ page }) => {
    await signIn(page, creator);
    await openAccount(page, creator.displayName);
    const oldName = creator.username;
    const newName = `${oldName}-new`;

    const card = page.getByRole('region', { name: 'Username' });
    await expect(card.getByTestId('current-address')).toHaveText(`${new URL(BASE_URL).host}/${oldName}`);
    await card.getByLabel('New Username').fill(newName);
    await card.getByRole('button', { name: 'Change username' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change your username?' });
    await expect(dialog).toContainText(`/${newName}`);
    await expectAccessible(page);
    await screenshots(page, 'account-rename-confirm');
    await dialog.getByRole('button', { name: 'Change username' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      card.getByText(`Your page is now at /${newName}. The old address forwards there for 30 days.`),
    ).toBeVisible();
    await expect(card.getByTestId('current-address')).toHaveText(`${new URL(BASE_URL).host}/${newName}`);
    creator.username = newName;

    // The dashboard shows the new address and the QR code opens it.
    await page.getByRole('link', { name: 'Back to dashboard' }).click();
    await expect(page.getByTestId('public-address')).toHaveText(`${new URL(BASE_URL).host}/${newName}`);
    await expect(page.getByRole('link', { name: /^Visit/ })).toHaveAttribute('href', `/${newName}`);
    await page.getByRole('button', { name: 'QR code' }).click();
    await expect(page.getByTestId('qr-code-url')).toHaveText(new RegExp(`/${newName}$`));
    await page.keyboard.press('Escape');

    const forward = await page.request.get(`/${oldName}`, { maxRedirects: 0 });
    expect(forward.status()).toBe(301);
    expect(forward.headers()['location']).toMatch(new RegExp(`/${newName}$`));

    await page.goto(`/${oldName}`);
    await expect(page).toHaveURL(new RegExp(`/${newName}$`));
    await expect(page.getByRole('heading', { name: creator.displayName })).toBeVisible();
  });
});
