import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible, newCreator, screenshots, signUp, type Creator } from '../support/product';

/*
 * Money paths with the LOCAL payment provider (the one `npm test` runs): Stripe's test cards, the card form
 * chosen by GET /api/config, and never a request to Stripe. Two sign-ups in this file (sign-ups are limited
 * per address): the creator who sells sessions, set up through the API, and the creator who subscribes,
 * through the sign-up form.
 */

const PHONE_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:3000';

interface BookingRow {
  customerName: string;
  status: 'pending_payment' | 'paid' | 'failed';
  amount: number;
}

let seller: Creator;
let sellerApi: APIRequestContext;

test.beforeAll(async () => {
  seller = newCreator('pay');
  sellerApi = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const registered = await sellerApi.post('/api/auth/register', {
    headers: { 'X-Forwarded-For': seller.address },
    data: {
      username: seller.username,
      email: seller.email,
      password: seller.password,
      confirmPassword: seller.password,
      displayName: seller.displayName,
      bio: 'Portfolio reviews and career chats.',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const booking = await sellerApi.put('/api/users/booking-settings', {
    data: { enableBooking: true, bookingPrice: '45' },
  });
  expect(booking.status(), await booking.text()).toBe(200);
});

test.afterAll(async () => {
  await sellerApi?.dispose();
});

async function sellerBookings(): Promise<BookingRow[]> {
  const response = await sellerApi.get('/api/bookings');
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { bookings: BookingRow[] }).bookings;
}

/** Requests to Stripe (Stripe.js, its API, its frames): none while the local provider is live. */
function stripeRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (req) => {
    if (/stripe\.(com|network)/i.test(req.url())) seen.push(req.url());
  });
  return seen;
}

/** Step 1 of /book/{username}, then on to 'Payment Details'. */
async function startBooking(page: Page, customerName: string, email: string) {
  await page.goto(`/book/${seller.username}`);
  const continueButton = page.getByRole('button', { name: 'Continue to Payment' });
  await expect(continueButton).toBeEnabled(); // hydrated
  await page.getByLabel('Full Name').fill(customerName);
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Message (optional)').fill('Portfolio review, please.');
  await continueButton.click();
  await expect(page.getByRole('heading', { name: 'Payment Details' })).toBeFocused();
}

async function fillCard(page: Page, number: string, name?: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  if (name) await page.getByLabel('Name on card (optional)').fill(name);
}

test.describe('a visitor books a paid session', () => {
  test.use({ userAgent: PHONE_CHROME, viewport: { width: 390, height: 844 } });

  test("pays with 4242 4242 4242 4242, sees 'Booking Confirmed!', and the creator sees the paid booking", async ({
    page,
    browser,
  }) => {
    const stripe = stripeRequests(page);
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));

    await startBooking(page, 'Sam Rivera', 'sam@example.com');
    const summary = page.locator('.summary');
    await expect(summary).toContainText('Service Fee$45.00');
    await expect(summary).toContainText('Platform Fee (20%)$9.00');
    await expect(summary).toContainText('Total$54.00');
    await expect(page.getByText(/test card such as 4242 4242 4242 4242/)).toBeVisible();
    await expect(page.getByText(/Card payments are not open yet/)).toHaveCount(0);

    // The card fields: labelled, numeric keypad, card autofill; formatted as typed.
    const number = page.getByLabel('Card number');
    await expect(number).toHaveAttribute('autocomplete', 'cc-number');
    await expect(number).toHaveAttribute('inputmode', 'numeric');
    await expect(page.getByLabel('Expiry date (MM/YY)')).toHaveAttribute('autocomplete', 'cc-exp');
    await expect(page.getByLabel('CVC')).toHaveAttribute('autocomplete', 'cc-csc');
    await number.pressSequentially('4242424242424242');
    await expect(number).toHaveValue('4242 4242 4242 4242');
    await page.getByLabel('Expiry date (MM/YY)').pressSequentially('1234');
    await expect(page.getByLabel('Expiry date (MM/YY)')).toHaveValue('12/34');

    // Incomplete CVC: Stripe's message, nothing sent.
    const complete = page.getByRole('button', { name: 'Complete Booking - $54.00' });
    await expect(complete).toBeEnabled();
    await complete.click();
    await expect(page.getByText("Your card's security code is incomplete.")).toBeVisible();
    await expect(page.getByLabel('CVC')).toBeFocused();

    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card (optional)').fill('Sam Rivera');
    await expectAccessible(page);
    await screenshots(page, 'payment-booking-card');

    await complete.click();
    await expect(page).toHaveURL(`${BASE_URL}/${seller.username}?booked=true`);
    const banner = page.getByRole('status');
    await expect(banner).toContainText('Booking Confirmed!');
    await expect(banner).toContainText('Your payment was successful. You will receive a confirmation email shortly.');
    await screenshots(page, 'payment-booking-confirmed');
    expect(stripe).toEqual([]);
    expect(problems).toEqual([]);

    const paid = (await sellerBookings()).filter((b) => b.customerName === 'Sam Rivera');
    expect(paid).toEqual([expect.objectContaining({ status: 'paid', amount: 5400 })]);

    // The creator's dashboard lists it.
    const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 800 } });
    const dashboard = await context.newPage();
    const login = await dashboard.request.post('/api/auth/login', {
      data: { email: seller.email, password: seller.password },
    });
    expect(login.status(), await login.text()).toBeLessThan(300);
    await dashboard.goto('/dashboard');
    const bookings = dashboard.getByRole('region', { name: 'Bookings' });
    const row = bookings.getByRole('listitem').filter({ hasText: 'Sam Rivera' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('sam@example.com');
    await expect(row).toContainText('$54.00');
    await expect(row).toContainText('You earn $45.00');
    await expect(row).toContainText('Paid');
    await row.scrollIntoViewIfNeeded();
    await expectAccessible(dashboard);
    await context.close();
  });

  test("a declined card shows 'Payment Failed', leaves no paid booking, and can be tried again", async ({ page }) => {
    const stripe = stripeRequests(page);
    await startBooking(page, 'Dee Klein', 'dee@example.com');
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Complete Booking - $54.00' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Payment Failed' });
    await expect(toast).toContainText('Your card was declined.');
    await expect(page).toHaveURL(`${BASE_URL}/book/${seller.username}`);
    await expectAccessible(page);
    await screenshots(page, 'payment-booking-declined');

    const dee = () => sellerBookings().then((rows) => rows.filter((b) => b.customerName === 'Dee Klein'));
    // A declined attempt is not the creator's booking: their list holds only what was paid for.
    expect(await dee()).toEqual([]);

    // The visitor corrects the card and tries again: a card with insufficient funds is refused as well.
    await toast.getByRole('button', { name: 'Close' }).click();
    await expect(toast).toBeHidden();
    await page.getByLabel('Card number').fill('4000 0000 0000 9995');
    await page.getByRole('button', { name: 'Complete Booking - $54.00' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Payment Failed' })).toContainText(
      'Your card has insufficient funds.',
    );
    expect(await dee()).toEqual([]);
    expect(stripe).toEqual([]);
  });
});

test.describe('a creator subscribes to Premium', () => {
  test('pays, becomes premium (a sixth link is accepted), cancels and keeps Premium until the period ends', async ({
    page,
  }) => {
    const stripe = stripeRequests(page);
    const creator = newCreator('premium');
    await signUp(page, creator);

    // Free: the plan card offers Premium; five links fit, a sixth does not.
    const plan = page.getByRole('region', { name: 'Plan' });
    await expect(plan.getByText('Free', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Bookings' }).getByText('No bookings yet')).toBeVisible();
    for (let index = 1; index <= 5; index += 1) {
      const created = await page.request.post('/api/links', {
        data: { title: `Link ${index}`, url: `https://example.com/${index}`, order: 0 },
      });
      expect(created.status(), await created.text()).toBe(201);
    }
    const refused = await page.request.post('/api/links', {
      data: { title: 'Link 6', url: 'https://example.com/6', order: 0 },
    });
    expect(refused.status()).toBe(403);

    await plan.getByRole('link', { name: 'Upgrade to Premium' }).click();
    await expect(page).toHaveURL(`${BASE_URL}/subscribe`);
    await expect(page.getByLabel('Card number')).toBeVisible();
    await expect(page.getByText(/Card payments are being set up/)).toHaveCount(0);
    await expectAccessible(page);
    await screenshots(page, 'payment-subscribe-card');

    // A declined card first: 'Payment Failed' with the card's message, still on /subscribe.
    await fillCard(page, '4000 0000 0000 0002', creator.displayName);
    await page.getByRole('button', { name: 'Subscribe to Premium' }).click();
    await expect(page.getByText('Payment Failed').first()).toBeVisible();
    await expect(page.getByText('Your card was declined.').first()).toBeVisible();
    await expect(page).toHaveURL(`${BASE_URL}/subscribe`);

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Subscribe to Premium' }).click();
    await expect(page.getByText('Payment Successful').first()).toBeVisible();
    await expect(
      page.getByText('Welcome to Premium! You now have access to all premium features.').first(),
    ).toBeVisible();
    await expect(page).toHaveURL(`${BASE_URL}/dashboard`);

    await expect(plan.getByText('Premium', { exact: true })).toBeVisible();
    await expect(plan.getByText(/Renews on/)).toBeVisible();
    const sixth = await page.request.post('/api/links', {
      data: { title: 'Link 6', url: 'https://example.com/6', order: 0 },
    });
    expect(sixth.status(), await sixth.text()).toBe(201);

    // Cancel: asks first, then Premium stays until the end of the paid period.
    await plan.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Premium?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Subscription cancelled').first()).toBeVisible();
    await expect(plan.getByText(/^Premium until \w+ \d{1,2}, \d{4}$/)).toBeVisible();
    await expect(plan.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
    const me = await page.request.get('/api/auth/me');
    expect(((await me.json()) as { isPremium: boolean }).isPremium).toBe(true);
    await plan.scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await screenshots(page, 'payment-dashboard-plan');
    expect(stripe).toEqual([]);
  });
});
