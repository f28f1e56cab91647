import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectAccessible, screenshots, sellerTakingBookings, type Creator } from '../support/product';

/*
 * The booking page's times follow the visitor's locale through Intl: a German browser reads them on the 24-hour
 * clock, an American one on the 12-hour clock, from the first HTML on (Accept-Language) and once the script runs
 * (the browser's own). The price shows the total with the 20% platform fee on the first step. The page holds at
 * 320, 390 and 1280 px, accessible.
 */

const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
const CREATOR_ZONE = 'Europe/Berlin';

let seller: Creator;
let sellerApi: APIRequestContext;

test.beforeAll(async () => {
  // Evenings in Berlin (19:00 to 23:00), afternoons in New York: past noon in both.
  ({ seller, api: sellerApi } = await sellerTakingBookings(BASE_URL, 'polish', {
    price: '40',
    timeZone: CREATOR_ZONE,
    sessionMinutes: 45,
    bufferMinutes: 15,
    start: '19:00',
    end: '23:00',
  }));
});

test.afterAll(async () => {
  await sellerApi?.dispose();
});

/** A page in a browser of `locale` and `timezoneId`, with or without JavaScript. */
async function visitorPage(browser: Browser, locale: string, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ locale, timezoneId: 'America/New_York', javaScriptEnabled, viewport: { width: 390, height: 844 } });
  return context.newPage();
}

const TWELVE_HOUR = /^\d{1,2}:\d\d\s(AM|PM)$/;
const TWENTY_FOUR_HOUR = /^\d\d:\d\d$/;

test('a German browser reads the times on the 24-hour clock, in the first HTML and once the script runs', async ({ browser }) => {
  const html = await visitorPage(browser, 'de-DE', false);
  await html.goto(`/book/${seller.username}`);
  await expect(html.locator('.slot span').first()).toHaveText(TWENTY_FOUR_HOUR);
  await html.context().close();

  const page = await visitorPage(browser, 'de-DE');
  await page.goto(`/book/${seller.username}`);
  await expect(page.getByText('Times are shown in America/New_York')).toBeVisible();
  const clocks = await page.locator('.slot span').allTextContents();
  expect(clocks.length).toBeGreaterThan(0);
  for (const clock of clocks) expect(clock).toMatch(TWENTY_FOUR_HOUR);
  await expect(page.getByRole('radio').first()).toHaveAttribute('aria-label', /\d\d:\d\d–\d\d:\d\d \(America\/New_York\)$/);
  await expectAccessible(page);
  await screenshots(page, 'booking-polish-de-DE');
  await page.context().close();
});

test('an American browser reads them on the 12-hour clock, and the booking sends its zone and locale', async ({ browser }) => {
  const html = await visitorPage(browser, 'en-US', false);
  await html.goto(`/book/${seller.username}`);
  await expect(html.locator('.slot span').first()).toHaveText(TWELVE_HOUR);
  await html.context().close();

  const page = await visitorPage(browser, 'en-US');
  await page.goto(`/book/${seller.username}`);
  await expect(page.getByText('Times are shown in America/New_York')).toBeVisible();
  const clocks = await page.locator('.slot span').allTextContents();
  for (const clock of clocks) expect(clock).toMatch(TWELVE_HOUR);
  await expectAccessible(page);
  await screenshots(page, 'booking-polish-en-US');

  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByLabel('Full Name').fill('Sam Rivera');
  await page.getByLabel('Email Address').fill('sam.polish@example.com');
  const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith(`/api/users/${seller.username}/book`));
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ timeZone: 'America/New_York', locale: 'en-US' });
  await expect(page.getByRole('heading', { name: 'Payment Details' })).toBeVisible();
  await page.context().close();
});

/**
 * Where the first cells of the time list sit: each slot's box, and where each day heading and the week links
 * start (a heading's own width follows its words: 'Tuesday 3 March', 'Tuesday, March 3').
 */
const boxesOf = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.slot span, .slot-day legend, .week-nav')].slice(0, 12).map((element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      const box = { x: Math.round(x), y: Math.round(y), height: Math.round(height) };
      return element.matches('.slot span') ? { ...box, width: Math.round(width) } : box;
    }),
  );

test('the switch from the header’s locale to the browser’s moves nothing on the page', async ({ browser }) => {
  const week = `/book/${seller.username}?tz=America/New_York`;
  // As the server writes it for Accept-Language de-DE (24-hour), before any script runs.
  const server = await browser.newContext({ locale: 'de-DE', timezoneId: 'America/New_York', javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const first = await server.newPage();
  await first.goto(week);
  await expect(first.locator('.slot span').first()).toHaveText(TWENTY_FOUR_HOUR);
  const before = await boxesOf(first);
  await server.close();

  // The same HTML, then the script switches to the browser's en-US (12-hour).
  const context = await browser.newContext({
    locale: 'en-US',
    timezoneId: 'America/New_York',
    extraHTTPHeaders: { 'Accept-Language': 'de-DE' },
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await page.goto(week);
  await expect(page.locator('.slot span').first()).toHaveText(TWELVE_HOUR);
  const after = await boxesOf(page);
  await context.close();

  expect(before.length).toBeGreaterThan(3);
  expect(after).toEqual(before);
});

test('the first step shows the total with the 20% platform fee, where the price is first shown', async ({ page }) => {
  await page.goto(`/book/${seller.username}`);
  await expect(page.getByRole('heading', { name: 'Pick a Time' })).toBeVisible();
  await expect(page.locator('.price')).toHaveText('$40.00 per session');
  await expect(page.getByText('You pay $48.00 in total: the session plus the 20% platform fee ($8.00).')).toBeVisible();
  // The bio page keeps the spec's button text.
  await page.goto(`/${seller.username}`);
  await expect(page.getByRole('link', { name: 'Book a Session - $40.00' })).toBeVisible();
});

for (const width of [320, 390, 1280]) {
  test(`the booking page at ${width} px: no sideways scroll, accessible`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 760 });
    await page.goto(`/book/${seller.username}`);
    await expect(page.getByRole('heading', { name: 'Pick a Time' })).toBeVisible();
    await expect(page.locator('.slot span').first()).toBeVisible();
    const layout = await page.evaluate(() => ({ scrollWidth: (document.scrollingElement ?? document.documentElement).scrollWidth, innerWidth: window.innerWidth }));
    expect(layout.scrollWidth).toBeLessThanOrEqual(layout.innerWidth);
    await expectAccessible(page);
    await screenshots(page, `booking-polish-${width}`);
  });
}
