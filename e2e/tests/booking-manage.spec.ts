import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { waitForEmailMatch } from '../support/mailbox';
import { expectAccessible, screenshots, sellerTakingBookings, type Creator } from '../support/product';

/*
 * The visitor's private manage link: from the receipt e-mail to /booking/{token} on a 320-pixel phone, the
 * session shown in the visitor's own zone, moved once to a time of the next week, then cancelled (refunded in
 * full, as it is more than the cancellation window away).
 */

const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
const VISITOR_ZONE = 'America/New_York';

let seller: Creator;
let sellerApi: APIRequestContext;
let manageLink: string;

test.beforeAll(async () => {
  ({ seller, api: sellerApi } = await sellerTakingBookings(BASE_URL, 'manage', {
    price: '45',
    timeZone: 'Europe/Berlin',
    sessionMinutes: 60,
    bufferMinutes: 0,
    start: '09:00',
    end: '17:00',
  }));

  const visitor = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const from = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const slots = (await (await visitor.get(`/api/users/${seller.username}/slots?from=${from}&days=1`)).json()) as { slots: { start: string }[] };
  const email = `${seller.username}.visitor@example.com`;
  const booked = await visitor.post(`/api/users/${seller.username}/book`, {
    data: { customerName: 'Kim Lee', customerEmail: email, slotStart: slots.slots[2]!.start },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { clientSecret } = (await booked.json()) as { clientSecret: string };
  const paid = await visitor.post('/api/payments/local/confirm', {
    data: { clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Kim Lee' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  await visitor.dispose();
  manageLink = await waitForEmailMatch(email, /https?:\/\/\S+\/booking\/[A-Za-z0-9_-]{43}/);
});

test.afterAll(async () => {
  await sellerApi?.dispose();
});

test.use({ viewport: { width: 320, height: 640 }, timezoneId: VISITOR_ZONE });

test('moves the session once, then cancels it with a full refund, on a 320-pixel phone', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));

  await page.goto(new URL(manageLink).pathname);
  await expect(page.getByRole('heading', { name: 'Your booking' })).toBeVisible();
  await expect(page.getByText(`Your time (${VISITOR_ZONE})`)).toBeVisible();
  await expect(page.getByText('$54.00')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectAccessible(page);
  await screenshots(page, 'booking-manage');

  await page.getByRole('button', { name: 'Move to another time' }).click();
  await page.getByRole('button', { name: 'Next week' }).click();
  const times = page.getByRole('region', { name: 'Free times' }).getByRole('listitem').getByRole('button');
  await expect(times.first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await screenshots(page, 'booking-manage-times');
  await times.first().click();
  await page.getByRole('button', { name: 'Confirm new time' }).click();
  await expect(page.getByText(/Your session is moved/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Move to another time' })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  await page.getByRole('button', { name: 'Cancel — refunded in full' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel session' }).click();
  await expect(page.getByText(/cancelled and your payment refunded in full/)).toBeVisible();
  await expectAccessible(page);
  expect(problems).toEqual([]);

  await page.goto('/booking/not-a-real-link');
  await expect(page.getByRole('alert')).toHaveText('This booking link is not valid.');
});
