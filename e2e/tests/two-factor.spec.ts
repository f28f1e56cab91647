import { expect, test, type Page } from '@playwright/test';
import {
  expectAccessible,
  newCreator,
  registerThroughApi,
  screenshots,
  submitSignIn,
  type Creator,
} from '../support/product';
import { freshTotp } from '../support/totp';

/*
 * Two-factor sign-in as a creator sets it up and uses it: the Account page's card (scan or type the key, confirm
 * with a code, keep the recovery codes), then signing in with the password and a code from the app, and with a
 * recovery code. The app's codes are computed here from the key the page shows (RFC 6238). One creator, signed
 * up through the API, serves the whole file; the tests run in order.
 */

const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:3000';

let creator: Creator;
let secret = '';
let recoveryCodes: string[] = [];
/** Codes the server has taken already: each time step's code works once. */
const usedCodes = new Set<string>();

test.beforeAll(async () => {
  creator = newCreator('tfa');
  await registerThroughApi(BASE_URL, creator);
});

async function expectSignedIn(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome back!').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: creator.displayName })).toBeVisible();
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: `Account menu for ${creator.displayName}` }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
}

test.describe('two-factor sign-in', () => {
  test('set up on the Account page: the key, a code, the recovery codes kept', async ({ page }) => {
    await submitSignIn(page, creator);
    await expectSignedIn(page);
    await page.goto('/dashboard/account');
    const card = page.getByRole('region', { name: 'Two-factor sign-in' });
    await expect(card.getByText('Off', { exact: true })).toBeVisible();

    await card.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await expect(card.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
    secret = ((await card.getByTestId('two-factor-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expectAccessible(page);
    await screenshots(page, 'two-factor-setup');

    // A wrong code is refused under the field.
    await card.getByLabel('6-digit code').fill('000000');
    await card.getByRole('button', { name: 'Turn on' }).click();
    await expect(
      card.getByText('That code is not correct or has already been used. Enter the current code.'),
    ).toBeVisible();

    await card.getByLabel('6-digit code').fill(await freshTotp(secret, usedCodes));
    await card.getByRole('button', { name: 'Turn on' }).click();
    await expect(
      card.getByText('Two-factor sign-in is on. Keep your recovery codes somewhere safe: each works once.'),
    ).toBeVisible();
    const list = card.getByRole('list', { name: 'Recovery codes' });
    recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
    expect(recoveryCodes).toHaveLength(10);
    await expectAccessible(page);
    await screenshots(page, 'two-factor-recovery-codes');

    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Download .txt' }).click();
    expect((await download).suggestedFilename()).toBe('linkbio-recovery-codes.txt');

    await card.getByRole('button', { name: 'I have saved them' }).click();
    await expect(list).toBeHidden();
    await expect(card.getByText('On', { exact: true })).toBeVisible();
    await expect(card.getByTestId('recovery-codes-left')).toHaveText('10 of 10 recovery codes left.');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling on a phone').toBe(
      390,
    );
  });

  test('sign in with the password, then the code from the app', async ({ page }) => {
    expect(secret, 'the set-up test ran first').not.toBe('');
    await submitSignIn(page, creator);
    const step = page.getByRole('form', { name: 'Two-factor sign-in' });
    await expect(step).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(step.getByLabel('6-digit code')).toHaveAttribute('autocomplete', 'one-time-code');
    await expectAccessible(page);
    await screenshots(page, 'two-factor-sign-in');

    await step.getByLabel('6-digit code').fill(await freshTotp(secret, usedCodes));
    await step.getByRole('button', { name: 'Verify' }).click();
    await expectSignedIn(page);
    await signOut(page);
  });

  test('sign in with a recovery code; it is then used up', async ({ page }) => {
    expect(recoveryCodes, 'the set-up test ran first').toHaveLength(10);
    await submitSignIn(page, creator);
    const step = page.getByRole('form', { name: 'Two-factor sign-in' });
    await step.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await step.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await step.getByRole('button', { name: 'Verify' }).click();
    await expectSignedIn(page);

    await page.goto('/dashboard/account');
    await expect(
      page.getByRole('region', { name: 'Two-factor sign-in' }).getByTestId('recovery-codes-left'),
    ).toHaveText('9 of 10 recovery codes left.');
    await signOut(page);

    await submitSignIn(page, creator);
    await step.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await step.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await step.getByRole('button', { name: 'Verify' }).click();
    await expect(step.getByText('That recovery code is not correct or has already been used')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });
});
