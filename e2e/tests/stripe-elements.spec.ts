import { expect, request as playwrightRequest, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { freePort, startOwnProduct, type OwnProduct } from '../support/own-product';
import { newCreator, registerWith, signUp, type Creator } from '../support/product';
import { StripeApiStub } from '../support/stripe-api-stub';
import { routeStripe } from '../support/stripe-js-stub';

/*
 * The Stripe path, end to end in the browser: a product of this spec's own with Stripe as the payment
 * provider, its Stripe API pointed at a local stub of Stripe's (which sends it signed webhooks, as Stripe
 * does), and the page's Stripe.js replaced by a test double that talks to that stub. The product's own
 * Stripe Elements card forms, its payment checks and its webhook path (signature, idempotency) all run.
 */

const KEYS = {
  secretKey: 'sk_test_e2e_stub',
  publishableKey: 'pk_test_e2e_stub',
  webhookSecret: `whsec_e2e_${Date.now().toString(36)}`,
};

let product: OwnProduct;
let stripe: StripeApiStub;
let seller: Creator;
let sellerApi: APIRequestContext;

/**
 * Every page opens this spec's product, with Stripe.js and Stripe's API routed to the doubles. (A context of
 * its own rather than another baseURL: Playwright reads baseURL before beforeAll has started the product.)
 */
const test = base.extend({
  context: async ({ browser }, use) => {
    const context = await browser.newContext({ baseURL: product.url });
    await routeStripe(context, stripe.url);
    await use(context);
    await context.close();
  },
});

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  const port = await freePort();
  // Stripe's events come moments after the page's confirmation: nothing the visitor or creator sees may wait for them.
  const webhookUrl = `http://127.0.0.1:${port}/api/webhooks/stripe`;
  stripe = await new StripeApiStub({ ...KEYS, webhookDelayMs: 1500, webhookUrl }).start();
  product = await startOwnProduct('stripe', port, {
    STRIPE_SECRET_KEY: KEYS.secretKey,
    STRIPE_PUBLISHABLE_KEY: KEYS.publishableKey,
    STRIPE_WEBHOOK_SECRET: KEYS.webhookSecret,
    STRIPE_API_URL: stripe.url,
  });
  // A creator without weekly hours: bookings are for a session arranged afterwards.
  seller = newCreator('stripe');
  sellerApi = await playwrightRequest.newContext({ baseURL: product.url });
  await registerWith(sellerApi, seller);
  const settings = await sellerApi.put('/api/users/booking-settings', { data: { enableBooking: true, bookingPrice: '45' } });
  expect(settings.status(), await settings.text()).toBe(200);
});

test.afterAll(async () => {
  await sellerApi?.dispose();
  await product?.stop();
  await stripe?.close();
});

test('the product runs on Stripe: GET /api/config names it with the publishable key', async ({ page }) => {
  const config = await page.request.get('/api/config');
  expect(await config.json()).toMatchObject({ paymentProvider: 'stripe', stripePublishableKey: KEYS.publishableKey });
});

async function startBooking(page: Page, customerName: string, email: string) {
  await page.goto(`/book/${seller.username}`);
  const continueButton = page.getByRole('button', { name: 'Continue to Payment' });
  await expect(continueButton).toBeEnabled(); // hydrated
  await page.getByLabel('Full Name').fill(customerName);
  await page.getByLabel('Email Address').fill(email);
  await continueButton.click();
  await expect(page.getByRole('heading', { name: 'Payment Details' })).toBeFocused();
}

async function typeCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration date').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
}

interface BookingRow {
  id: string;
  status: string;
  payment_intent_id: string | null;
}

const bookingsOf = (customerEmail: string) =>
  product.query<BookingRow>('select id, status, payment_intent_id from bookings where customer_email = $1', [customerEmail]);

async function emailsTo(address: string): Promise<string[]> {
  const folder = join(product.dataDir, 'mail');
  const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
  const messages = await Promise.all(names.map((name) => readFile(join(folder, name), 'utf8')));
  return messages.filter((eml) => new RegExp(`^To: .*${address.replace(/[.+]/g, '\\$&')}`, 'mi').test(eml));
}

test('a visitor pays a booking by card in Stripe Elements; it is paid once, by the page’s check and the webhook alike', async ({
  page,
  browser,
}) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await startBooking(page, 'Ana Stripe', 'ana@example.com');
  await expect(page.locator('.summary')).toContainText('Total$54.00');

  // Stripe's Payment Element (the double's), not the local provider's form.
  await expect(page.getByText(/test card such as 4242/)).toHaveCount(0);
  const pay = page.getByRole('button', { name: 'Complete Booking - $54.00' });
  await expect(pay).toBeEnabled(); // the element is ready
  await typeCard(page, '4242 4242 4242 4242');
  await pay.click();

  await expect(page).toHaveURL(`${product.url}/${seller.username}?booked=true`);
  await expect(page.getByRole('status')).toContainText('Booking Confirmed!');
  expect(problems).toEqual([]);

  const [booking] = await bookingsOf('ana@example.com');
  expect(booking).toMatchObject({ status: 'paid' });
  const intentId = booking!.payment_intent_id!;
  expect(stripe.intent(intentId)).toMatchObject({ status: 'succeeded', amount: 5400, metadata: { bookingId: booking!.id } });

  // Stripe's webhook arrives as well: accepted (signature checked), recorded, and it changes nothing.
  await stripe.settled();
  const succeeded = stripe.deliveries.filter((d) => d.type === 'payment_intent.succeeded' && d.objectId === intentId);
  expect(succeeded.map((d) => d.status)).toEqual([200]);
  expect(await stripe.redeliver(succeeded[0]!.eventId)).toBe(200);
  const processed = await product.query('select id from processed_events where id = $1', [succeeded[0]!.eventId]);
  expect(processed).toHaveLength(1);
  const ledger = await product.query<{ amount: number }>('select amount from ledger_entries where booking_id = $1', [booking!.id]);
  expect(ledger).toEqual([{ amount: 4500 }]);
  await expect.poll(() => emailsTo('ana@example.com').then((mails) => mails.length)).toBe(1);
  expect(await bookingsOf('ana@example.com')).toEqual([{ id: booking!.id, status: 'paid', payment_intent_id: intentId }]);

  // The creator's dashboard lists the paid booking.
  const context = await browser.newContext({ baseURL: product.url });
  const dashboard = await context.newPage();
  const login = await dashboard.request.post('/api/auth/login', { data: { email: seller.email, password: seller.password } });
  expect(login.status(), await login.text()).toBeLessThan(300);
  await dashboard.goto('/dashboard');
  const row = dashboard.getByRole('region', { name: 'Bookings' }).getByRole('listitem').filter({ hasText: 'Ana Stripe' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('$54.00');
  await expect(row).toContainText('You earn $45.00');
  await expect(row).toContainText('Paid');
  await context.close();
});

test('a declined card shows the decline and nothing is paid; another card then pays', async ({ page }) => {
  await startBooking(page, 'Dee Declined', 'dee@example.com');
  const pay = page.getByRole('button', { name: 'Complete Booking - $54.00' });
  await expect(pay).toBeEnabled();

  // Stripe.js's own check first: nothing is sent.
  await page.getByLabel('Card number').fill('4242 4242');
  await pay.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Payment Failed' })).toContainText('Your card number is incomplete.');

  await typeCard(page, '4000 0000 0000 0002');
  await pay.click();
  const toast = page.getByRole('alert').filter({ hasText: 'Payment Failed' });
  await expect(toast).toContainText('Your card was declined.');
  await expect(page).toHaveURL(`${product.url}/book/${seller.username}`);
  await expect(page.getByLabel('Card number')).toBeFocused();

  const [booking] = await bookingsOf('dee@example.com');
  expect(booking!.status).not.toBe('paid');
  await stripe.settled();
  const failed = stripe.deliveries.filter((d) => d.type === 'payment_intent.payment_failed');
  expect(failed.map((d) => d.status)).toEqual([200]);
  const listed = await sellerApi.get('/api/bookings');
  const names = ((await listed.json()) as { bookings: Array<{ customerName: string }> }).bookings.map((b) => b.customerName);
  expect(names).not.toContain('Dee Declined');
  expect(await product.query('select 1 from ledger_entries where booking_id = $1', [booking!.id])).toEqual([]);

  // The same payment, with a card that pays.
  await toast.getByRole('button', { name: 'Close' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await pay.click();
  await expect(page).toHaveURL(`${product.url}/${seller.username}?booked=true`);
  expect(await bookingsOf('dee@example.com')).toEqual([expect.objectContaining({ id: booking!.id, status: 'paid' })]);
});

test('a creator subscribes to Premium with Stripe Elements and the dashboard shows Premium', async ({ page }) => {
  const creator = newCreator('stripe-premium');
  await signUp(page, creator);
  const plan = page.getByRole('region', { name: 'Plan' });
  await expect(plan.getByText('Free', { exact: true })).toBeVisible();

  await plan.getByRole('link', { name: 'Upgrade to Premium' }).click();
  await expect(page).toHaveURL(`${product.url}/subscribe`);
  const subscribe = page.getByRole('button', { name: 'Subscribe to Premium' });
  await expect(subscribe).toBeEnabled();

  await typeCard(page, '4000 0000 0000 0002');
  await subscribe.click();
  await expect(page.getByText('Your card was declined.').first()).toBeVisible();
  await expect(page).toHaveURL(`${product.url}/subscribe`);

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await subscribe.click();
  await expect(page.getByText('Payment Successful').first()).toBeVisible();
  await expect(page).toHaveURL(`${product.url}/dashboard`);
  await expect(plan.getByText('Premium', { exact: true })).toBeVisible();
  await expect(plan.getByText(/Renews on/)).toBeVisible();

  await stripe.settled();
  const subscriptionEvents = stripe.deliveries.filter((d) => d.type === 'invoice.paid' || d.type.startsWith('customer.subscription.'));
  expect(subscriptionEvents.map((d) => [d.type, d.status])).toEqual([
    ['customer.subscription.created', 200],
    ['invoice.paid', 200],
    ['customer.subscription.updated', 200],
  ]);
  const me = await page.request.get('/api/auth/me');
  expect(((await me.json()) as { isPremium: boolean }).isPremium).toBe(true);
});
