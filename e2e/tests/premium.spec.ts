import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, newCreator, screenshots, signUp } from '../support/product';

/*
 * Premium's extras in the browser: a creator pays for Premium with the local provider's test card, schedules
 * three links in their own time zone (one live, one ended, one starting tomorrow), gives the page a look of
 * their own, and the public page shows exactly that. One sign-up in this file (sign-ups are limited per
 * address).
 */

const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
/** The creator's clocks: not the machine's (UTC), so the dashboard's zone handling is what is tested. */
const TIME_ZONE = 'America/New_York';
const DAY = 24 * 60 * 60 * 1000;

/** An instant to the minute (what a `datetime-local` field holds). */
const toMinute = (ms: number) => new Date(Math.floor(ms / 60_000) * 60_000);

/** `instant` as the `datetime-local` value the creator sees on their clocks, e.g. '2026-11-25T04:00'. */
function wallInput(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

interface ScheduledLink {
  title: string;
  url: string;
  startsAt: Date | null;
  endsAt: Date | null;
  badge: 'Live' | 'Ended' | 'Scheduled';
}

async function subscribe(page: Page) {
  await page.getByRole('region', { name: 'Plan' }).getByRole('link', { name: 'Upgrade to Premium' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/subscribe`);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Subscribe to Premium' }).click();
  await expect(page.getByText('Payment Successful').first()).toBeVisible();
  await expect(page).toHaveURL(`${BASE_URL}/dashboard`);
  await expect(page.getByRole('region', { name: 'Plan' }).getByText('Premium', { exact: true })).toBeVisible();
}

async function addScheduledLink(page: Page, link: ScheduledLink) {
  await page
    .getByRole('region', { name: 'Your Links' })
    .getByRole('button', { name: /^Add (Your First )?Link$/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Add New Link' });
  await expect(dialog.getByText(`Times in ${TIME_ZONE}.`)).toBeVisible();
  await dialog.getByLabel('Link Title').fill(link.title);
  await dialog.getByLabel('URL').fill(link.url);
  if (link.startsAt) await dialog.getByLabel('Show from').fill(wallInput(link.startsAt, TIME_ZONE));
  if (link.endsAt) await dialog.getByLabel('Show until').fill(wallInput(link.endsAt, TIME_ZONE));
  await dialog.getByRole('button', { name: 'Add Link' }).click();
  await expect(dialog).toBeHidden();
}

const linkRow = (page: Page, title: string): Locator =>
  page.getByRole('list', { name: 'Your links' }).getByRole('listitem').filter({ hasText: title });

/** The computed style of the first element `locator` finds. */
const styleOf = (locator: Locator, property: string) =>
  locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

test.describe('a premium creator', () => {
  test.use({ timezoneId: TIME_ZONE, viewport: { width: 1280, height: 900 } });

  test('schedules a live, an ended and a tomorrow link and gives the page a look of its own; the public page shows exactly that', async ({
    page,
    browser,
  }) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const creator = newCreator('look');
    await signUp(page, creator);

    // Free first: the schedule is locked in the Add Link dialog and the button style in the template card.
    await page.getByRole('region', { name: 'Your Links' }).getByRole('button', { name: /^Add (Your First )?Link$/ }).first().click();
    const locked = page.getByRole('dialog', { name: 'Add New Link' });
    await expect(locked.getByLabel('Show from')).toBeDisabled();
    await expect(locked.getByRole('link', { name: 'Upgrade to Premium' })).toBeVisible();
    await locked.getByRole('button', { name: 'Cancel' }).click();
    const template = page.getByRole('region', { name: 'Profile Template' });
    await expect(template.getByRole('textbox', { name: 'Button color hex' })).toBeDisabled();
    await expect(template.getByText('Button colors and shapes of your own are part of Premium.')).toBeVisible();

    await subscribe(page);

    const now = Date.now();
    const links: ScheduledLink[] = [
      {
        title: 'Live now',
        url: 'https://example.com/live',
        startsAt: toMinute(now - DAY),
        endsAt: toMinute(now + DAY),
        badge: 'Live',
      },
      {
        title: 'Already over',
        url: 'https://example.com/over',
        startsAt: toMinute(now - 2 * DAY),
        endsAt: toMinute(now - DAY),
        badge: 'Ended',
      },
      {
        title: 'Opens tomorrow',
        url: 'https://example.com/tomorrow',
        startsAt: toMinute(now + DAY),
        endsAt: null,
        badge: 'Scheduled',
      },
    ];
    for (const link of links) await addScheduledLink(page, link);

    // Each row says where its schedule stands; the API holds the very instants picked on New York's clocks.
    for (const link of links) {
      await expect(linkRow(page, link.title).getByTestId('link-schedule')).toContainText(link.badge);
    }
    await expect(linkRow(page, 'Live now').getByTestId('link-schedule')).toContainText(/Until .* EST/);
    const saved = (await (await page.request.get('/api/links')).json()) as Array<{
      id: string;
      title: string;
      startsAt: string | null;
      endsAt: string | null;
    }>;
    for (const link of links) {
      expect(saved.find((row) => row.title === link.title)).toMatchObject({
        startsAt: link.startsAt?.toISOString() ?? null,
        endsAt: link.endsAt?.toISOString() ?? null,
      });
    }
    await expectAccessible(page);

    // The custom look: a background colour beyond the presets, the buttons' colours and shape.
    // A valid colour saves on its own, as presets do.
    const colourSaved = page.waitForResponse(
      (response) => response.url().endsWith('/api/users/template') && response.request().postData()?.includes('#1e3a8a') === true,
    );
    await template.getByRole('textbox', { name: 'Custom color hex' }).fill('#1e3a8a');
    expect((await colourSaved).status()).toBe(200);
    await expect(page.getByText('Template updated').first()).toBeVisible();

    const buttonColor = template.getByRole('textbox', { name: 'Button color hex' });
    const buttonText = template.getByRole('textbox', { name: 'Button text color hex' });
    const save = template.getByRole('button', { name: 'Save button style' });
    // Unreadable text is refused before it is sent, with the reason.
    await buttonColor.fill('#fde047');
    await buttonText.fill('#ffffff');
    await expect(template.getByText(/^Button text needs more contrast with the button colour \(1\.\d\d:1; at least 4\.5:1\)\.$/)).toBeVisible();
    await expect(save).toBeDisabled();
    await buttonText.fill('#111827');
    await template.getByRole('radio', { name: 'Pill' }).check({ force: true });
    const previewButton = template.getByTestId('preview-button').first();
    await expect.poll(() => styleOf(previewButton, 'background-color')).toBe('rgb(253, 224, 71)');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(save).toBeDisabled(); // saved: nothing left to save
    await template.scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await screenshots(page, 'premium-dashboard-look');

    // The public page, as a visitor sees it.
    const visitor = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 390, height: 844 } });
    const bio = await visitor.newPage();
    await bio.goto(`/${creator.username}`);
    const nav = bio.getByRole('navigation');
    await expect(nav.getByRole('link')).toHaveCount(1);
    const live = nav.getByRole('link', { name: /Live now/ });
    await expect(live).toBeVisible();
    await expect(bio.getByText('Already over')).toHaveCount(0);
    await expect(bio.getByText('Opens tomorrow')).toHaveCount(0);
    expect(await styleOf(bio.locator('body'), 'background-color')).toBe('rgb(30, 58, 138)');
    expect(await styleOf(live, 'background-color')).toBe('rgb(253, 224, 71)');
    expect(await styleOf(live, 'color')).toBe('rgb(17, 24, 39)');
    // Pill: corners round off the whole height.
    const pill = await live.evaluate((element) => {
      const radius = parseFloat(getComputedStyle(element).borderTopLeftRadius);
      return radius >= element.getBoundingClientRect().height / 2;
    });
    expect(pill).toBe(true);
    await expect(bio.getByRole('link', { name: /Made with/ })).toHaveCount(0); // no branding on Premium
    await expectAccessible(bio);
    await screenshots(bio, 'premium-public-look');

    // Links outside their window are not clickable either.
    const over = saved.find((row) => row.title === 'Already over');
    const goOver = await bio.request.get(`/go/${over?.id}`, { maxRedirects: 0 });
    expect(goOver.status()).toBe(404);
    await visitor.close();
    expect(problems).toEqual([]);
  });
});
