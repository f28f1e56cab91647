import { expect, test } from '@playwright/test';
import { expectAccessible, expectNoSidewaysScroll, newCreator, screenshots, signUp } from '../support/product';

/*
 * Coupons with the LOCAL payment provider: the creator adds a code on the dashboard's Coupons card; a visitor on
 * a phone applies it on the booking page, sees the discount and the new fee lines before paying, and is charged
 * the discounted price and its fee; a code refused says why under the field.
 */

const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
const PHONE = { width: 390, height: 844 };

test('a creator adds a coupon and a visitor books a session with it, paying the discounted price and fee', async ({ page, browser }) => {
  const seller = newCreator('coupon');
  await signUp(page, seller);
  const settings = await page.request.put('/api/users/booking-settings', { data: { enableBooking: true, bookingPrice: '40' } });
  expect(settings.status(), await settings.text()).toBe(200);

  await page.reload();
  const card = page.getByRole('region', { name: 'Coupons' });
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByText('No coupons yet')).toBeVisible();
  await card.getByLabel('Code').fill('ab');
  await card.getByRole('button', { name: 'Add coupon' }).click();
  await expect(card.getByText('Code must be 3 to 32 letters, digits, - or _')).toBeVisible();
  await card.getByLabel('Code').fill('SPRING25');
  await card.getByLabel('Percent off').fill('25');
  await card.getByLabel('Maximum uses (optional)').fill('5');
  await card.getByRole('button', { name: 'Add coupon' }).click();
  const row = card.getByRole('listitem').filter({ hasText: 'SPRING25' });
  await expect(row).toContainText('25% off · Everything');
  await expect(row).toContainText('0 of 5 used · No expiry');
  await screenshots(page, 'coupons-card');

  const visitor = await browser.newContext({ baseURL: BASE_URL, viewport: PHONE });
  const booking = await visitor.newPage();
  const problems: string[] = [];
  booking.on('pageerror', (error) => problems.push(error.message));
  await booking.goto(`/book/${seller.username}`);
  await expect(booking.getByRole('button', { name: 'Apply' })).toBeEnabled(); // hydrated
  await booking.getByLabel('Coupon code (optional)').fill('NOPE');
  await booking.getByRole('button', { name: 'Apply' }).click();
  await expect(booking.getByRole('alert')).toHaveText('This coupon code is not valid.');
  await booking.getByLabel('Coupon code (optional)').fill('spring25');
  await booking.getByRole('button', { name: 'Apply' }).click();
  const lines = booking.getByLabel('Coupon SPRING25 applied', { exact: true }).locator('xpath=self::dl');
  await expect(lines).toContainText('Discount−$10.00');
  await expect(lines).toContainText('Service Fee$30.00');
  await expect(lines).toContainText('Platform Fee (20%)$6.00');
  await expect(lines).toContainText('Total$36.00');
  await expectNoSidewaysScroll(booking, 'The booking page with a coupon');
  await expectAccessible(booking);
  await screenshots(booking, 'coupons-booking-applied');

  await booking.getByLabel('Full Name').fill('Sam Rivera');
  await booking.getByLabel('Email Address').fill('sam@example.com');
  await booking.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(booking.getByRole('heading', { name: 'Payment Details' })).toBeFocused();
  await expect(booking.locator('.summary')).toContainText('Discount−$10.00');
  await booking.getByLabel('Card number').fill('4242424242424242');
  await booking.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await booking.getByLabel('CVC').fill('123');
  await booking.getByRole('button', { name: 'Complete Booking - $36.00' }).click();
  await expect(booking).toHaveURL(`${BASE_URL}/${seller.username}?booked=true`);
  expect(problems).toEqual([]);
  await visitor.close();

  const paid = (await (await page.request.get('/api/bookings')).json()) as { bookings: Array<{ status: string; amount: number; userAmount: number; platformFee: number }> };
  expect(paid.bookings).toEqual([expect.objectContaining({ status: 'paid', amount: 3600, userAmount: 3000, platformFee: 600 })]);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Coupons' }).getByRole('listitem').filter({ hasText: 'SPRING25' })).toContainText('1 of 5 used');

  // Deleted after confirming, the code is refused.
  const coupons = page.getByRole('region', { name: 'Coupons' });
  await coupons.getByRole('button', { name: 'Delete coupon SPRING25' }).click();
  await page.getByRole('dialog', { name: 'Delete this coupon?' }).getByRole('button', { name: 'Delete coupon' }).click();
  await expect(coupons.getByText('No coupons yet')).toBeVisible();
  const check = await page.request.post(`/api/users/${seller.username}/coupons/check`, { data: { code: 'SPRING25', target: 'session' } });
  expect(check.status()).toBe(400);
});
