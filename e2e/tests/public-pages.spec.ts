import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from '@playwright/test';
import { expectAccessible, newCreator, screenshots } from '../support/product';

/*
 * The visitors' pages as a phone shows them: /{username} and /book/{username}, rendered on the server, with
 * JavaScript off (they must work without it) and on. One creator, set up through the API, serves the whole
 * file (sign-ups are rate-limited per address); each test sets the looks it needs.
 *
 * Headless Chromium announces itself as "HeadlessChrome", which counts as a bot (no views, no clicks), so
 * these specs browse as an ordinary mobile Chrome. axe-core runs inside the page, so accessibility is
 * checked with JavaScript on; the bio page ships no script, so what axe sees is what a no-JS visitor gets.
 */

const PHONE_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
const DISPLAY_NAME = 'Maya Chen';
const BIO = 'Designer, runner and coffee nerd. New videos every Friday.';
/** Top to bottom as the page shows them; the second one leads back to this product, so it can be followed here. */
const LINKS: Array<[title: string, url: string]> = [
  ['Instagram', 'https://instagram.com/maya'],
  ['My newsletter', `${BASE_URL}/?from=bio`],
  ['Latest video', 'https://www.youtube.com/@maya'],
  ['LinkedIn', 'https://www.linkedin.com/in/maya'],
  ['Shop my favourites', 'https://maya.store'],
];
const TITLES = LINKS.map(([title]) => title);

test.use({ userAgent: PHONE_CHROME, viewport: { width: 390, height: 844 } });

interface Look {
  theme?: 'default' | 'vibrant' | 'dark';
  backgroundColor?: string;
  /** Dollars, or null to switch booking off. */
  bookingPrice?: string | null;
  linksActive?: boolean;
}

let username: string;
let api: APIRequestContext;
let linkIds: string[] = [];

test.beforeAll(async () => {
  const creator = newCreator('bio');
  username = creator.username;
  api = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const registered = await api.post('/api/auth/register', {
    headers: { 'X-Forwarded-For': creator.address },
    data: {
      username,
      email: creator.email,
      password: creator.password,
      confirmPassword: creator.password,
      displayName: DISPLAY_NAME,
      bio: BIO,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const ids: string[] = [];
  // New links come first (order 0, newest first), so add them bottom to top.
  for (const [title, url] of [...LINKS].reverse()) {
    const created = await api.post('/api/links', { data: { title, url, order: 0 } });
    expect(created.status(), await created.text()).toBe(201);
    ids.unshift(((await created.json()) as { id: string }).id);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  linkIds = ids;
});

test.afterAll(async () => {
  await api?.dispose();
});

/** Sets the creator's theme, colour, booking and links through the API, as the dashboard would. */
async function setLook({ theme = 'default', backgroundColor, bookingPrice = '45', linksActive = true }: Look = {}) {
  const template = await api.put('/api/users/template', { data: { theme, backgroundColor: backgroundColor ?? null } });
  expect(template.status(), await template.text()).toBe(200);
  const booking = await api.put('/api/users/booking-settings', {
    data: bookingPrice === null ? { enableBooking: false } : { enableBooking: true, bookingPrice },
  });
  expect(booking.status(), await booking.text()).toBe(200);
  for (const id of linkIds) {
    expect((await api.put(`/api/links/${id}`, { data: { isActive: linksActive } })).status()).toBe(200);
  }
}

async function counts() {
  const response = await api.get('/api/analytics');
  expect(response.status()).toBe(200);
  return (await response.json()) as { totalClicks: number; totalViews: number };
}

/** Every script (and anything from Stripe) the page asks for. */
function scriptRequests(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script' || /stripe/i.test(req.url())) scripts.push(req.url());
  });
  return scripts;
}

async function expectBioPage(page: Page, titles = TITLES) {
  await expect(page.getByRole('heading', { level: 1, name: DISPLAY_NAME })).toBeVisible();
  await expect(page.getByText(BIO)).toBeVisible();
  await expect(page.getByText(`@${username}`)).toBeVisible();
  const links = page.getByRole('navigation', { name: 'Links' }).getByRole('link');
  await expect(links).toHaveCount(titles.length);
  for (const [index, title] of titles.entries()) {
    await expect(links.nth(index)).toHaveAccessibleName(`${title} (opens in a new tab)`);
  }
}

/** axe on a page in a context with JavaScript on (axe runs as a script in the page; new contexts inherit test.use). */
async function expectAccessibleAt(browser: Browser, path: string) {
  const context = await browser.newContext({
    javaScriptEnabled: true,
    baseURL: BASE_URL,
    userAgent: PHONE_CHROME,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await page.goto(path);
  await expectAccessible(page);
  await context.close();
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`bio page with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('reads as the creator set it up; a link opens its address in a new tab and counts', async ({ page }) => {
      await setLook({ bookingPrice: '45' });
      const before = await counts();
      const scripts = scriptRequests(page);
      const response = await page.goto(`/${username}`);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(`${DISPLAY_NAME} | Linkbio`);
      await expectBioPage(page);
      await expect(page.getByRole('link', { name: 'Book a Session - $45.00' })).toHaveAttribute(
        'href',
        `/book/${username}`,
      );
      await expect(page.getByRole('link', { name: 'Made with Linkbio' })).toHaveAttribute('href', '/');
      await expect(page.getByText('No links available')).toHaveCount(0);

      const popup = page.waitForEvent('popup');
      await page.getByRole('link', { name: /^My newsletter/ }).click();
      const tab = await popup;
      await tab.waitForURL(`${BASE_URL}/?from=bio`);
      await tab.close();
      // The worker counts the view and the click within seconds (the dashboard reads its aggregates).
      await expect
        .poll(async () => {
          const after = await counts();
          return [after.totalViews - before.totalViews, after.totalClicks - before.totalClicks];
        })
        .toEqual([1, 1]);
      expect(scripts).toEqual([]); // no framework JavaScript, no Stripe
    });

    test("shows the 'Booking Confirmed!' banner after a booking, dismissible", async ({ page, browser }) => {
      await setLook();
      await page.goto(`/${username}?booked=true`);
      const banner = page.getByRole('status');
      await expect(banner).toContainText('Booking Confirmed!');
      await expect(banner).toContainText('Your payment was successful. You will receive a confirmation email shortly.');
      if (javaScriptEnabled) await expectAccessible(page);
      else {
        await screenshots(page, 'public-bio-booked');
        await expectAccessibleAt(browser, `/${username}?booked=true`);
      }
      await banner.getByRole('link', { name: 'Dismiss' }).click();
      await expect(page.getByText('Booking Confirmed!')).toBeHidden();
      await expectBioPage(page);
    });

    test('takes the visitor to the booking page', async ({ page }) => {
      await setLook({ bookingPrice: '45' });
      await page.goto(`/${username}`);
      await page.getByRole('link', { name: 'Book a Session - $45.00' }).click();
      await expect(page).toHaveURL(`${BASE_URL}/book/${username}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Book a Session' })).toBeVisible();
      await page.getByRole('link', { name: `Back to ${DISPLAY_NAME}` }).click();
      await expect(page).toHaveURL(`${BASE_URL}/${username}`);
    });
  });
}

test.describe('themes (screenshots with JavaScript off, axe with it on)', () => {
  test.use({ javaScriptEnabled: false });

  for (const [name, look] of [
    ['default', { bookingPrice: '45' }],
    ['default-colour', { backgroundColor: '#fdf2f8', bookingPrice: null }],
    ['vibrant', { theme: 'vibrant', bookingPrice: '25.50' }],
    ['dark', { theme: 'dark', bookingPrice: '120' }],
  ] as const) {
    test(`${name} theme`, async ({ page, browser }) => {
      await setLook(look);
      await page.goto(`/${username}`);
      await expectBioPage(page);
      await expect(page.getByRole('link', { name: /^Book a Session/ })).toHaveCount(look.bookingPrice ? 1 : 0);
      await screenshots(page, `public-bio-${name}`);
      await expectAccessibleAt(browser, `/${username}`);
    });
  }

  test("'No links available' when no link is active", async ({ page, browser }) => {
    await setLook({ linksActive: false, bookingPrice: null });
    await page.goto(`/${username}`);
    await expect(page.getByText('No links available')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Links' })).toHaveCount(0);
    await screenshots(page, 'public-bio-no-links');
    await expectAccessibleAt(browser, `/${username}`);
    await setLook();
  });

  test("an unknown username answers 404 with the 'User Not Found' card", async ({ page, browser }) => {
    const response = await page.goto('/nobody-has-this-page-42');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'User Not Found' })).toBeVisible();
    await expect(page.getByText("This bio page doesn't exist or has been deactivated.")).toBeVisible();
    await screenshots(page, 'public-user-not-found');
    await expectAccessibleAt(browser, '/nobody-has-this-page-42');
    await page.getByRole('link', { name: 'Create your own page' }).click();
    await expect(page).toHaveURL(`${BASE_URL}/auth`);
  });
});

test.describe('booking page with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('is server-rendered at step 1 and asks for JavaScript to book', async ({ page }) => {
    await setLook({ bookingPrice: '45' });
    await page.goto(`/book/${username}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Book a Session' })).toBeVisible();
    await expect(page.getByText('$45.00 per session')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your Information' })).toBeVisible();
    for (const label of ['Full Name', 'Email Address', 'Phone Number (optional)', 'Message (optional)']) {
      await expect(page.getByLabel(label)).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeDisabled();
    await expect(page.getByText('Booking a session needs JavaScript')).toBeVisible();
    await screenshots(page, 'public-booking-no-js');
  });
});

test.describe('booking page with JavaScript on', () => {
  test('validates, reports a booking error, then shows the payment summary from the server', async ({ page }) => {
    await setLook({ bookingPrice: '45' });
    const before = await counts();
    const problems: string[] = [];
    page.on('console', (message) => {
      // The refused and aborted booking calls are logged by the browser; anything else is a problem.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const scripts = scriptRequests(page);

    await page.goto(`/book/${username}`);
    const continueButton = page.getByRole('button', { name: 'Continue to Payment' });
    await expect(continueButton).toBeEnabled(); // hydrated
    await expect(page.getByText('Booking a session needs JavaScript')).toBeHidden();
    await expectAccessible(page);
    await screenshots(page, 'public-booking-step-1');

    await continueButton.click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Valid email is required')).toBeVisible();
    await expect(page.getByLabel('Full Name')).toBeFocused();

    await page.getByLabel('Full Name').fill('Sam Rivera');
    await page.getByLabel('Email Address').fill('not-an-email');
    await continueButton.click();
    await expect(page.getByText('Name is required')).toBeHidden();
    await expect(page.getByText('Valid email is required')).toBeVisible();
    await page.getByLabel('Email Address').fill('sam@example.com');
    await page.getByLabel('Message (optional)').fill('Portfolio review, please.');

    // The creator switches booking off while the page is open: the server refuses with its own message.
    await setLook({ bookingPrice: null });
    const sent: unknown[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith(`/api/users/${username}/book`)) sent.push(req.postDataJSON());
    });
    await continueButton.click();
    const toast = page.getByRole('alert');
    await expect(toast).toContainText('Booking Error');
    await expect(toast).toContainText('This creator is not taking bookings right now.');
    // The browser's zone and locale go with the booking (the visitor's e-mails give the time in both zones).
    const browser = await page.evaluate(() => ({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, locale: navigator.language }));
    expect(sent).toEqual([
      { customerName: 'Sam Rivera', customerEmail: 'sam@example.com', message: 'Portfolio review, please.', ...browser },
    ]);
    await toast.getByRole('button', { name: 'Close' }).click();
    await expect(toast).toBeHidden();
    await setLook({ bookingPrice: '45' });

    // No answer at all: the spec's fallback message.
    await page.route(`**/api/users/${username}/book`, (route) => route.abort());
    await continueButton.click();
    await expect(page.getByRole('alert')).toContainText('Failed to create booking. Please try again.');
    await page.unroute(`**/api/users/${username}/book`);

    // The server's answer: step 2 shows its amounts (price $45.00, fee 20%, total) and the card form.
    await continueButton.click();
    await expect(page.getByRole('heading', { name: 'Payment Details' })).toBeFocused();
    const summary = page.locator('.summary');
    await expect(summary).toContainText('Service Fee$45.00');
    await expect(summary).toContainText('Platform Fee (20%)$9.00');
    await expect(summary).toContainText('Total$54.00');
    await expect(page.getByRole('button', { name: 'Complete Booking - $54.00' })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'public-booking-step-2');

    await page.getByRole('button', { name: 'Edit your information' }).click();
    await expect(page.getByLabel('Full Name')).toHaveValue('Sam Rivera');

    expect(problems).toEqual([]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const url of scripts) expect(new URL(url).pathname).toMatch(/^\/p\/assets\/[\w-]+\.js$/);
    // The booking page counts no view: after longer than the worker takes to count one, still none.
    await page.waitForTimeout(1500);
    expect((await counts()).totalViews).toBe(before.totalViews);
  });

  test("'/book' without a username goes home", async ({ page }) => {
    await page.goto('/book');
    await expect(page).toHaveURL(`${BASE_URL}/`);
  });
});
