import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible, screenshots, sellerTakingBookings, type Creator } from '../support/product';

/*
 * The booking page's first step when the creator takes sessions at set times: a week of open times, shown in
 * the visitor's own time zone (the browser's, changeable, and named), picked before the details and paid for
 * with the local provider's test card; a time taken meanwhile sends the visitor back to pick another. Without
 * JavaScript the list still shows, in the creator's zone, with a form to change the zone and links between weeks.
 */

const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
const PHONE_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
const CREATOR_ZONE = 'Europe/Berlin';
const VISITOR_ZONE = 'America/New_York';

let seller: Creator;
let sellerApi: APIRequestContext;

test.beforeAll(async () => {
  ({ seller, api: sellerApi } = await sellerTakingBookings(BASE_URL, 'times', {
    price: '45',
    timeZone: CREATOR_ZONE,
    sessionMinutes: 45,
    bufferMinutes: 15,
    start: '09:00',
    end: '17:00',
  }));
});

test.afterAll(async () => {
  await sellerApi?.dispose();
});

/** `instant` as a 24-hour clock in `zone` shows it, e.g. '03:00'. */
const clockIn = (zone: string, instant: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(instant),
  );

/** The session whose radio this is: its start (the radio's value) and accessible name. */
async function timeOf(page: Page, index: number) {
  const radio = page.getByRole('radio').nth(index);
  return { radio, start: (await radio.getAttribute('value'))!, name: (await radio.getAttribute('aria-label'))! };
}

test.describe('with JavaScript, in the visitor’s own time zone', () => {
  // A browser in en-GB: times on the 24-hour clock (booking-polish.spec.ts checks en-US's 12-hour one).
  test.use({ userAgent: PHONE_CHROME, viewport: { width: 390, height: 844 }, timezoneId: VISITOR_ZONE, locale: 'en-GB' });

  test('picks a time, gives the details, pays with 4242 4242 4242 4242, and the creator has the booking at that time', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));

    await page.goto(`/book/${seller.username}`);
    await expect(page.getByRole('heading', { name: 'Pick a Time' })).toBeVisible();
    // Hydrated: the times switch to the browser's zone, and say so.
    await expect(page.getByText(`Times are shown in ${VISITOR_ZONE}`)).toBeVisible();
    await expect(page.getByLabel('Time zone')).toHaveValue(VISITOR_ZONE);
    await expect(page.getByRole('radio').first()).toHaveAttribute('aria-label', new RegExp(`\\(${VISITOR_ZONE}\\)$`));
    // Each time is shown on New York's clocks; today's earlier times may be gone, so the first is any hour.
    const first = await timeOf(page, 0);
    await expect(page.locator('.slot span').first()).toHaveText(clockIn(VISITOR_ZONE, first.start));
    // Berlin's 09:00, each day's first time, is 03:00 in New York (02:00 or 04:00 while only one of them keeps
    // summer time).
    await expect(
      page
        .locator('.slot span')
        .filter({ hasText: /^0[234]:00$/ })
        .first(),
    ).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'booking-times-list');

    // Continuing without a time asks for one.
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please pick a time for your session.' })).toBeVisible();

    const picked = await timeOf(page, 4);
    expect(picked.name).toMatch(
      new RegExp(`^[A-Z][a-z]+day,? \\d{1,2} [A-Z][a-z]+, \\d\\d:\\d\\d–\\d\\d:\\d\\d \\(${VISITOR_ZONE}\\)$`),
    );
    await picked.radio.check();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Your Information' })).toBeFocused();
    await expect(page.locator('.chosen-time')).toContainText(picked.name);
    await screenshots(page, 'booking-times-details');

    await page.getByLabel('Full Name').fill('Sam Rivera');
    await page.getByLabel('Email Address').fill('sam.times@example.com');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Details' })).toBeFocused();
    await expect(page.locator('.chosen-time')).toContainText(picked.name);
    await expectAccessible(page);

    // Back to the details and on again unchanged: the same booking, still holding its time.
    await page.getByRole('button', { name: 'Edit your information' }).click();
    await expect(page.getByRole('heading', { name: 'Your Information' })).toBeFocused();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Details' })).toBeFocused();

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Complete Booking - $54.00' }).click();
    await expect(page).toHaveURL(`${BASE_URL}/${seller.username}?booked=true`);
    await expect(page.getByRole('status')).toContainText('Booking Confirmed!');
    expect(problems).toEqual([]);

    const list = await sellerApi.get('/api/bookings');
    const bookings = (
      (await list.json()) as { bookings: { customerName: string; status: string; slotStart: string | null }[] }
    ).bookings;
    expect(bookings.filter((booking) => booking.customerName === 'Sam Rivera')).toEqual([
      expect.objectContaining({ status: 'paid', slotStart: picked.start }),
    ]);

    // The paid time is no longer offered.
    await page.goto(`/book/${seller.username}`);
    await expect(page.getByText(`Times are shown in ${VISITOR_ZONE}`)).toBeVisible();
    await expect(page.locator(`input[value="${picked.start}"]`)).toHaveCount(0);
  });

  test('changes the zone the times are shown in', async ({ page }) => {
    await page.goto(`/book/${seller.username}`);
    await expect(page.getByText(`Times are shown in ${VISITOR_ZONE}`)).toBeVisible();
    const first = await timeOf(page, 0);
    await page.getByLabel('Time zone').selectOption('Asia/Tokyo');
    await expect(page.getByText('Times are shown in Asia/Tokyo')).toBeVisible();
    // The same session, named in Tokyo's time.
    await expect(page.locator(`input[value="${first.start}"]`)).toHaveAttribute('aria-label', /\(Asia\/Tokyo\)$/);
    // The week links keep the zone.
    await expect(page.getByRole('link', { name: 'Next week' })).toHaveAttribute('href', /&tz=Asia\/Tokyo$/);
  });

  test('a time taken meanwhile brings the visitor back to pick another, from a list read again', async ({ page }) => {
    await page.goto(`/book/${seller.username}`);
    await expect(page.getByText(`Times are shown in ${VISITOR_ZONE}`)).toBeVisible();
    const picked = await timeOf(page, 2);
    await picked.radio.check();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByLabel('Full Name').fill('Kim Lee');
    await page.getByLabel('Email Address').fill('kim.times@example.com');

    // Someone else takes that time first.
    const other = await playwrightRequest.newContext({ baseURL: BASE_URL });
    const taken = await other.post(`/api/users/${seller.username}/book`, {
      data: { customerName: 'Alex', customerEmail: 'alex.times@example.com', slotStart: picked.start },
    });
    expect(taken.status(), await taken.text()).toBe(201);
    await other.dispose();

    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByRole('heading', { name: 'Pick a Time' })).toBeFocused();
    await expect(
      page.getByRole('alert').filter({ hasText: 'This time was just taken. Please pick another.' }),
    ).toBeVisible();
    await expect(page.locator(`input[value="${picked.start}"]`)).toHaveCount(0);
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
    await expectAccessible(page);
  });
});

test('without JavaScript the list shows in the creator’s zone, changeable, a week at a time', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, timezoneId: VISITOR_ZONE, locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto(`/book/${seller.username}`);
  await expect(page.getByRole('heading', { name: 'Pick a Time' })).toBeVisible();
  await expect(page.getByText(`Times are shown in ${CREATOR_ZONE}`)).toBeVisible();
  await expect(page.locator('.slot span').first()).toHaveText(/^\d\d:\d\d$/);
  const berlinTimes = await page.locator('.slot span').allTextContents();
  expect(berlinTimes.length).toBeGreaterThan(0);
  expect(berlinTimes.every((time) => time >= '09:00' && time <= '16:00')).toBe(true);
  await expect(page.getByRole('radio').first()).toHaveAttribute('aria-label', /\(Europe\/Berlin\)$/);
  // Nothing can be paid without the script, and the page says so.
  await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeDisabled();
  await expect(page.getByText(/Booking a session needs JavaScript/).first()).toBeVisible();

  await page.getByLabel('Time zone').selectOption('Asia/Tokyo');
  await page.getByRole('button', { name: 'Show times' }).click();
  await expect(page).toHaveURL(/[?&]tz=Asia%2FTokyo/);
  await expect(page.getByText('Times are shown in Asia/Tokyo')).toBeVisible();
  await expect(page.getByRole('radio').first()).toHaveAttribute('aria-label', /\(Asia\/Tokyo\)$/);

  const weekLabel = await page.locator('.week-label').textContent();
  await page.getByRole('link', { name: 'Next week' }).click();
  await expect(page).toHaveURL(/[?&]from=\d{4}-\d\d-\d\d&tz=Asia\/Tokyo/);
  await expect(page.locator('.week-label')).not.toHaveText(weekLabel!);
  await expect(page.getByText('Times are shown in Asia/Tokyo')).toBeVisible();
  await expect(page.getByRole('radio').first()).toBeVisible();
  await page.getByRole('link', { name: 'Previous week' }).click();
  await expect(page.locator('.week-label')).toHaveText(weekLabel!);
  await context.close();
});
