import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { newCreator, registerWith, screenshots, type Creator } from '../support/product';

/*
 * A campaign carried from the bio page to a paid booking (issue 29): a visitor arrives on /{username} with
 * utm_source, utm_medium and utm_campaign, follows 'Book a Session', books and pays with the local provider's test
 * card; the creator's booking keeps the campaign (the Bookings card says "via newsletter", the data export lists
 * all three and the visitor's country). Nothing rides in a cookie: the addresses carry it.
 */

const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
const CAMPAIGN = 'utm_source=newsletter&utm_medium=email&utm_campaign=spring';

interface BookingsPage {
  bookings: Array<{ customerName: string; status: string; source: string | null }>;
}
interface AccountExport {
  bookings: Array<Record<string, unknown>>;
}

let seller: Creator;
let sellerApi: APIRequestContext;

test.beforeAll(async () => {
  seller = newCreator('utm');
  sellerApi = await playwrightRequest.newContext({ baseURL: BASE_URL });
  await registerWith(sellerApi, seller);
  const booking = await sellerApi.put('/api/users/booking-settings', { data: { enableBooking: true, bookingPrice: '45' } });
  expect(booking.status(), await booking.text()).toBe(200);
});

test.afterAll(async () => {
  await sellerApi?.dispose();
});

test('a visit from a newsletter campaign books and pays; the booking keeps the campaign', async ({ page, browser }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));

  await page.goto(`/${seller.username}?${CAMPAIGN}`);
  const book = page.getByRole('link', { name: /Book a Session/ });
  await expect(book).toHaveAttribute('href', `/book/${seller.username}?${CAMPAIGN}`);
  await book.click();
  await expect(page).toHaveURL(`${BASE_URL}/book/${seller.username}?${CAMPAIGN}`);

  const continueButton = page.getByRole('button', { name: 'Continue to Payment' });
  await expect(continueButton).toBeEnabled(); // hydrated
  await page.getByLabel('Full Name').fill('Nora Newsletter');
  await page.getByLabel('Email Address').fill('nora@example.com');
  await continueButton.click();
  await expect(page.getByRole('heading', { name: 'Payment Details' })).toBeFocused();
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Complete Booking - $54.00' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/${seller.username}?booked=true`);
  await expect(page.getByRole('status')).toContainText('Booking Confirmed!');
  // Back on the bio page from the booking: the product's own page referred the visitor, no new source.
  await expect(page.getByRole('link', { name: /Book a Session/ })).toHaveAttribute('href', `/book/${seller.username}`);
  expect((await page.context().cookies()).map((cookie) => cookie.value).join(' ')).not.toContain('newsletter');
  expect(problems).toEqual([]);

  const listed = (await (await sellerApi.get('/api/bookings')).json()) as BookingsPage;
  expect(listed.bookings.map(({ customerName, status, source }) => ({ customerName, status, source }))).toEqual([
    { customerName: 'Nora Newsletter', status: 'paid', source: 'newsletter' },
  ]);
  const exported = (await (await sellerApi.get('/api/users/me/export')).json()) as AccountExport;
  expect(exported.bookings).toEqual([
    expect.objectContaining({ customerName: 'Nora Newsletter', source: 'newsletter', medium: 'email', campaign: 'spring', country: 'unknown' }),
  ]);

  // The creator's Bookings card says where it came from.
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 800 } });
  try {
    const dashboard = await context.newPage();
    const login = await dashboard.request.post('/api/auth/login', {
      headers: { 'X-Forwarded-For': seller.address },
      data: { email: seller.email, password: seller.password },
    });
    expect(login.status(), await login.text()).toBeLessThan(300);
    await dashboard.goto('/dashboard');
    const bookings = dashboard.getByRole('region', { name: 'Bookings' });
    await expect(bookings.getByRole('listitem').filter({ hasText: 'Nora Newsletter' })).toContainText('via newsletter');
    await screenshots(dashboard, 'attribution-bookings-card');
  } finally {
    await context.close();
  }
});
