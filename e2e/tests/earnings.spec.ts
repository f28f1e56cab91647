import { readFile } from 'node:fs/promises';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { expectAccessible, newCreator, registerWith, screenshots } from '../support/product';

/*
 * The Earnings page: a creator whose visitor paid a $45 session (the local provider, card 4242) finds it on
 * their statement, from the Payouts card's link, with the balance the card shows; downloads the statement as
 * CSV and it reads back (csv-parse) with the same line and balance.
 */

const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:3000';

test.use({ viewport: { width: 1280, height: 800 } });

test('a creator with a paid booking sees it on the Earnings page with the balance, and downloads the CSV', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  const seller = newCreator('earn');
  await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': seller.address });
  await registerWith(page.request, seller);
  const settings = await page.request.put('/api/users/booking-settings', {
    data: { enableBooking: true, bookingPrice: '45' },
  });
  expect(settings.status(), await settings.text()).toBe(200);

  const visitor = await playwrightRequest.newContext({ baseURL: BASE_URL });
  try {
    const booked = await visitor.post(`/api/users/${seller.username}/book`, {
      data: { customerName: 'Ada Lovelace', customerEmail: `${seller.username}.ada@example.com` },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const { clientSecret } = (await booked.json()) as { clientSecret: string };
    const paid = await visitor.post('/api/payments/local/confirm', {
      data: { clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Ada Lovelace' },
    });
    expect(paid.status(), await paid.text()).toBe(200);
  } finally {
    await visitor.dispose();
  }

  await page.goto('/dashboard');
  const payouts = page.getByRole('region', { name: 'Payouts' });
  await expect(payouts.getByText('Earned since your last payout:')).toContainText('$45.00');
  await payouts.getByRole('link', { name: 'Statement' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/dashboard/earnings`);
  await expect(page.getByRole('heading', { name: 'Earnings', level: 1 })).toBeVisible();

  const statement = page.getByRole('region', { name: 'Statement' });
  const lines = statement.getByRole('list', { name: 'Statement lines' }).getByRole('listitem');
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText('Session with Ada L. (booking)');
  await expect(lines.first()).toContainText('+$45.00');
  await expect(lines.first()).toContainText('Balance $45.00');
  await expect(page.getByTestId('earnings-balance')).toHaveText('$45.00');
  const totals = page.getByRole('region', { name: `${new Date().getUTCFullYear()} totals` });
  await expect(totals.locator('dt', { hasText: /^Earnings$/ }).locator('..')).toContainText('$45.00');
  await expect(page.getByText('ada@example.com')).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'earnings');

  const year = new Date().getUTCFullYear();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`earnings-${year}-01-01-to-${year}-12-31.csv`);
  const rows = parse(await readFile((await download.path())!, 'utf8'), { columns: true }) as Array<
    Record<string, string>
  >;
  expect(rows.map((row) => [row.Kind, row.Description, row['Amount (USD)'], row['Balance (USD)']])).toEqual([
    ['opening', `Balance before ${year}-01-01`, '0.00', '0.00'],
    ['earning', 'Session with Ada L. (booking)', '45.00', '45.00'],
  ]);
  expect(problems).toEqual([]);
});
