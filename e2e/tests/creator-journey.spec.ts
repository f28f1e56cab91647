import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, newCreator, screenshots, signUp, type Creator } from '../support/product';

/** The titles of the link rows, top to bottom. */
const linkTitles = (page: Page) =>
  page.getByRole('list', { name: 'Your links' }).getByRole('listitem').locator('[data-link-title]');

async function addLink(page: Page, title: string, url: string): Promise<void> {
  await page.getByRole('region', { name: 'Your Links' }).getByRole('button', { name: /^Add (Your First )?Link$/ }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add New Link' });
  await dialog.getByLabel('Link Title').fill(title);
  await dialog.getByLabel('URL').pressSequentially(url);
  await dialog.getByRole('button', { name: 'Add Link' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Link added!').first()).toBeVisible();
}

/** Drags one row's handle onto another row with the mouse, in small steps as a person would. */
async function drag(page: Page, from: Locator, to: Locator): Promise<void> {
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (!start || !end) throw new Error('drag handles are not on screen');
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2 + 10, { steps: 5 });
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2 + 5, { steps: 20 });
  await page.mouse.up();
}

test.describe('a creator from landing page to dashboard and back', () => {
  let creator: Creator;

  test.beforeAll(() => {
    creator = newCreator('journey');
  });

  test('claims a name, signs up, manages links and settings, signs out and in again', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'landing');

    await page.getByRole('textbox').first().fill(creator.username.toUpperCase() + '!');
    await expect(page.getByRole('textbox').first()).toHaveValue(creator.username);
    await page.getByRole('button', { name: 'Claim Your Link' }).click();
    await expect(page).toHaveURL(new RegExp(`/auth\\?username=${creator.username}$`));
    await expectAccessible(page);
    await screenshots(page, 'auth');

    await signUp(page, creator);
    await expect(page.getByText('Account created!').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: creator.displayName })).toBeVisible();
    await expect(page.getByText('No links yet')).toBeVisible();
    await expect(page.getByText('Add your first link to get started')).toBeVisible();

    await addLink(page, 'First', 'example.com/one');
    await addLink(page, 'Second', 'https://example.com/two');
    await addLink(page, 'Third', 'www.youtube.com/@me');
    // New links have order 0, so the newest is on top.
    await expect(linkTitles(page)).toHaveText(['Third', 'Second', 'First']);
    await expect(page.getByRole('region', { name: 'Your Links' }).getByText('example.com').first()).toBeVisible();

    const firstSwitch = page.getByRole('switch', { name: 'Show First on your page' });
    await expect(firstSwitch).toBeChecked();
    await firstSwitch.click();
    await expect(firstSwitch).not.toBeChecked();
    await expect(firstSwitch).toBeEnabled();

    await drag(page, page.getByRole('button', { name: 'Reorder First' }), page.getByRole('button', { name: 'Reorder Third' }));
    await expect(linkTitles(page)).toHaveText(['First', 'Third', 'Second']);
    await page.reload();
    await expect(linkTitles(page)).toHaveText(['First', 'Third', 'Second']);
    await expect(page.getByRole('switch', { name: 'Show First on your page' })).not.toBeChecked();

    await page.getByRole('button', { name: 'Delete Second' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete “Second”?' });
    await expect(confirm).toContainText('Are you sure you want to delete this link?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Link deleted').first()).toBeVisible();
    await expect(linkTitles(page)).toHaveText(['First', 'Third']);

    const payout = page.getByRole('region', { name: 'Payout Settings' });
    await payout.getByLabel('PayPal Email').fill(`pay-${creator.email}`);
    await payout.getByLabel('CashApp Handle').fill('my-handle');
    await payout.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Payout settings saved').first()).toBeVisible();

    const booking = page.getByRole('region', { name: 'Booking Settings' });
    await expect(booking.getByLabel('Session Price')).toHaveCount(0);
    await booking.getByRole('switch').click();
    await booking.getByLabel('Session Price').fill('25.50');
    await booking.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Settings updated').first()).toBeVisible();

    const template = page.getByRole('region', { name: 'Profile Template' });
    await template.getByRole('button', { name: '#f0f9ff' }).click();
    await expect(page.getByText('Template updated').first()).toBeVisible();
    await expect(template.getByRole('button', { name: '#f0f9ff' })).toHaveAttribute('aria-pressed', 'true');

    await expectAccessible(page);
    await screenshots(page, 'dashboard');

    const me = await page.request.get('/api/auth/me');
    expect(await me.json()).toMatchObject({
      paypalEmail: `pay-${creator.email}`,
      cashappHandle: 'my-handle',
      enableBooking: true,
      bookingPrice: 2550,
      backgroundColor: '#f0f9ff',
      backgroundImage: null,
    });

    await page.getByRole('button', { name: `Account menu for ${creator.displayName}` }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth$/);
    const signIn = page.getByRole('tabpanel', { name: 'Sign In' });
    await signIn.getByLabel('Email').fill(creator.email);
    await signIn.getByLabel('Password').fill(creator.password);
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Welcome back!').first()).toBeVisible();
    await expect(linkTitles(page)).toHaveText(['First', 'Third']);

    await page.goto('/subscribe');
    await expect(page.getByText('$9.99').first()).toBeVisible();
    await expect(page.getByText('Cancel anytime').first()).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'subscribe');
  });

  test('a sixth link on the free plan shows the limit and the way to Premium', async ({ page }) => {
    const other = newCreator('limit');
    await signUp(page, other);
    for (const n of [1, 2, 3, 4, 5]) await addLink(page, `Link ${n}`, `https://example.com/${n}`);

    await page.getByRole('region', { name: 'Your Links' }).getByRole('button', { name: 'Add Link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Link' });
    await dialog.getByLabel('Link Title').fill('Link 6');
    await dialog.getByLabel('URL').fill('https://example.com/6');
    await dialog.getByRole('button', { name: 'Add Link' }).click();
    await expect(page.getByText('Free plan is limited to 5 links. Upgrade to Premium for unlimited links.').first()).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Upgrade to Premium' }).first().click();
    await expect(page).toHaveURL(/\/subscribe$/);
  });
});
