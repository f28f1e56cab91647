import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { expectAccessible, newCreator, registerThroughApi, signIn, type Creator } from '../support/product';

/*
 * Every screen at a small phone (320 px), a phone (390 px) and a desktop (1280 px): none scrolls sideways,
 * axe-core finds nothing serious or critical, and a toast never covers the control the person is on (the
 * sixth link refused on the Free plan, a declined card on /subscribe and on the booking page). One creator
 * serves the file: Free first, then Premium with analytics data, taking bookings.
 */

const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
/** Headless Chromium counts as a bot (no views); the visit that gives the analytics data browses as a phone. */
const PHONE_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
const SIZES = [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

type Size = (typeof SIZES)[number];

/** The page is no wider than the window; on failure, says which elements stick out. */
async function expectNoSidewaysScroll(page: Page, screen: string): Promise<void> {
  const layout = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const beyond = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 120));
    return { scrollWidth: root.scrollWidth, innerWidth: window.innerWidth, beyond };
  });
  expect
    .soft(layout.scrollWidth, `${screen} scrolls sideways; wider than the window: ${layout.beyond.join(' | ')}`)
    .toBeLessThanOrEqual(layout.innerWidth);
}

/** Opens `path` at each size, waits for `ready`, and checks the screen. */
async function sweep(page: Page, screen: string, path: string, ready: (page: Page) => Promise<unknown>) {
  for (const size of SIZES) {
    await test.step(`${screen} at ${size.width} px`, async () => {
      await page.setViewportSize(size);
      await page.goto(path);
      await ready(page);
      await expectNoSidewaysScroll(page, `${screen} at ${size.width} px`);
      await expectAccessible(page);
    });
  }
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The focused element's box, or null when focus is on the page itself. */
const focusedBox = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body || active === document.documentElement) return null;
    const { x, y, width, height } = active.getBoundingClientRect();
    return { x, y, width, height };
  });

/** The toast showing `text` rests clear of the focused control and of each of `controls`. */
async function expectToastClear(page: Page, text: string | RegExp, controls: Locator[], where: string) {
  const toast = page.locator('.toast').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await expect
    .poll(
      async () => {
        const box = await toast.boundingBox();
        if (!box) return 'no toast';
        const covered: string[] = [];
        const focused = await focusedBox(page);
        if (focused && overlap(box, focused)) covered.push('the focused control');
        for (const control of controls) {
          const controlBox = await control.boundingBox();
          if (controlBox && overlap(box, controlBox)) covered.push(String(control));
        }
        return covered.length === 0 ? 'clear' : `covers ${covered.join(', ')}`;
      },
      { message: `the toast '${String(text)}' ${where}`, timeout: 5000 },
    )
    .toBe('clear');
}

let creator: Creator;

test.beforeAll(async () => {
  creator = newCreator('sweep');
  await registerThroughApi(BASE_URL, creator);
});

test.describe.configure({ mode: 'serial' });

test('signed out: landing, /auth and the 404 page', async ({ page }) => {
  await sweep(page, 'landing', '/', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible());
  await sweep(page, '/auth', '/auth', (p) => expect(p.getByRole('heading', { name: 'Get Started' })).toBeVisible());
  await sweep(page, '404', '/no/such/page', (p) =>
    expect(p.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible(),
  );

  // A shared sign-up link is cleaned as the landing's claim box cleans what is typed.
  await page.goto('/auth?username=Bob_The-Builder');
  await expect(page.getByRole('tabpanel', { name: 'Sign Up' }).getByLabel('Username')).toHaveValue('bobthe-builder');
});

test.describe('a creator', () => {
  let page: Page;

  test.beforeAll(async ({ browser }: { browser: Browser }) => {
    page = await (await browser.newContext()).newPage();
    await signIn(page, creator);
    const booking = await page.request.put('/api/users/booking-settings', {
      data: { enableBooking: true, bookingPrice: '45' },
    });
    expect(booking.status(), await booking.text()).toBe(200);
    for (let index = 1; index <= 5; index += 1) {
      const created = await page.request.post('/api/links', {
        data: { title: `Link ${index}`, url: index === 1 ? `${BASE_URL}/?from=sweep` : `https://example.com/${index}` },
      });
      expect(created.status(), await created.text()).toBe(201);
    }
  });

  test.afterAll(async () => {
    await page?.context().close();
  });

  test('on the Free plan: dashboard, account page and the sixth link refused', async () => {
    await sweep(page, 'free dashboard', '/dashboard', (p) =>
      expect(p.getByRole('list', { name: 'Your links' }).getByRole('listitem')).toHaveCount(5),
    );
    await sweep(page, 'account page', '/dashboard/account', (p) =>
      expect(p.getByRole('region', { name: 'Profile' })).toBeVisible(),
    );

    for (const size of SIZES) {
      await test.step(`the sixth link at ${size.width} px`, async () => {
        await page.setViewportSize(size);
        await page.goto('/dashboard');
        await page
          .getByRole('region', { name: 'Your Links' })
          .getByRole('button', { name: 'Add Link' })
          .first()
          .click();
        const dialog = page.getByRole('dialog', { name: 'Add New Link' });
        await dialog.getByLabel('Link Title').fill('Link 6');
        await dialog.getByLabel('URL').fill('https://example.com/6');
        const add = dialog.getByRole('button', { name: 'Add Link' });
        await add.click();
        await expectToastClear(page, 'Free plan is limited to 5 links', [add], `at ${size.width} px`);
      });
    }

    // Cards keep their own height beside a taller neighbour: no stretched empty area.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/dashboard');
    for (const name of ['Profile Picture', 'Plan']) {
      const card = page.getByRole('region', { name });
      await expect(card.getByRole('button').or(card.getByRole('link')).first()).toBeVisible();
      const emptyBelow = await card.evaluate((element) => {
        const contentBottom = Math.max(
          ...[...element.querySelectorAll('*')]
            .map((child) => child.getBoundingClientRect())
            .filter((box) => box.width > 0 && box.height > 0)
            .map((box) => box.bottom),
        );
        return element.getBoundingClientRect().bottom - contentBottom;
      });
      expect(emptyBelow, `empty space at the bottom of the ${name} card`).toBeLessThanOrEqual(40);
    }
  });

  test('subscribing: /subscribe, a declined card, then Premium', async () => {
    await sweep(page, 'subscribe', '/subscribe', (p) => expect(p.getByLabel('Card number')).toBeVisible());

    for (const size of SIZES) {
      await test.step(`a declined card on /subscribe at ${size.width} px`, async () => {
        await page.setViewportSize(size);
        await page.goto('/subscribe');
        await fillCard(page, '4000 0000 0000 0002');
        await page.getByRole('button', { name: 'Subscribe to Premium' }).click();
        await expectToastClear(
          page,
          'Your card was declined.',
          [page.getByLabel('Card number')],
          `at ${size.width} px`,
        );
      });
    }

    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Subscribe to Premium' }).click();
    await expect(page).toHaveURL(`${BASE_URL}/dashboard`);
    await expect(page.getByRole('region', { name: 'Plan' }).getByText('Premium', { exact: true })).toBeVisible();
  });

  test('on Premium, with analytics data: the dashboard', async ({ browser }) => {
    const visitor = await browser.newContext({ userAgent: PHONE_CHROME, viewport: { width: 390, height: 844 } });
    const bio = await visitor.newPage();
    await bio.goto(`/${creator.username}`);
    await bio.request.get(`/go/${await firstLinkId(page)}`, { maxRedirects: 0 });
    await visitor.close();
    await expect
      .poll(async () => ((await (await page.request.get('/api/analytics/daily?days=30')).json()) as Daily).totals.views)
      .toBeGreaterThan(0);

    await sweep(page, 'Premium dashboard', '/dashboard', (p) =>
      expect(p.getByRole('img', { name: /^Views and clicks per day/ })).toBeVisible(),
    );
  });

  test('the booking page: both steps, and a declined card', async ({ browser }) => {
    const visitor = await browser.newContext();
    const booking = await visitor.newPage();
    for (const size of SIZES) {
      await test.step(`booking at ${size.width} px`, async () => {
        await booking.setViewportSize(size);
        await booking.goto(`/book/${creator.username}`);
        const next = booking.getByRole('button', { name: 'Continue to Payment' });
        await expect(next).toBeEnabled();
        await expectNoSidewaysScroll(booking, `booking step 1 at ${size.width} px`);
        await expectAccessible(booking);
        await expectStepLabelsOnOneLine(booking, size);

        await booking.getByLabel('Full Name').fill('Sam Rivera');
        await booking.getByLabel('Email Address').fill('sam@example.com');
        await next.click();
        await expect(booking.getByRole('heading', { name: 'Payment Details' })).toBeVisible();
        await expect(booking.getByLabel('Card number')).toBeVisible();
        await expectNoSidewaysScroll(booking, `booking step 2 at ${size.width} px`);
        await expectAccessible(booking);
        await expectStepLabelsOnOneLine(booking, size);

        await fillCard(booking, '4000 0000 0000 0002');
        await booking.getByRole('button', { name: /^Complete Booking/ }).click();
        await expectToastClear(booking, 'Payment Failed', [booking.getByLabel('Card number')], `at ${size.width} px`);
        await expectNoSidewaysScroll(booking, `booking step 2 with its toast at ${size.width} px`);
      });
    }
    await visitor.close();
  });

  test('the booking page with set times: the time step, then the details with the picked time', async ({ browser }) => {
    const saved = await page.request.put('/api/users/availability', {
      data: {
        timeZone: 'Europe/Berlin',
        sessionMinutes: 45,
        bufferMinutes: 15,
        minNoticeHours: 0,
        horizonDays: 30,
        weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '08:00', end: '20:00' })),
        datesOff: [],
        cancellationHours: 24,
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const visitor = await browser.newContext({ timezoneId: 'Asia/Tokyo' });
    const booking = await visitor.newPage();
    for (const size of SIZES) {
      await test.step(`booking times at ${size.width} px`, async () => {
        await booking.setViewportSize(size);
        await booking.goto(`/book/${creator.username}`);
        const next = booking.getByRole('button', { name: 'Continue', exact: true });
        await expect(next).toBeEnabled();
        await expect(booking.getByText('Times are shown in Asia/Tokyo')).toBeVisible();
        await expectNoSidewaysScroll(booking, `booking time step at ${size.width} px`);
        await expectAccessible(booking);
        await expectStepLabelsOnOneLine(booking, size, Infinity);

        await booking.getByRole('radio').first().check();
        await next.click();
        await expect(booking.getByRole('heading', { name: 'Your Information' })).toBeFocused();
        await expect(booking.locator('.chosen-time')).toContainText('(Asia/Tokyo)');
        await expectNoSidewaysScroll(booking, `booking details with a time at ${size.width} px`);
        await expectAccessible(booking);
        await expectStepLabelsOnOneLine(booking, size, Infinity);
      });
    }
    await visitor.close();
  });
});

interface Daily {
  totals: { views: number };
}

async function firstLinkId(page: Page): Promise<string> {
  const links = (await (await page.request.get('/api/links')).json()) as { id: string; url: string }[];
  return links.find((link) => link.url.includes('from=sweep'))!.id;
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

/**
 * Each step's label shows whole on one line: every label from `allFrom` px (two steps: 360 px; three steps: never),
 * the current step's on narrower screens (the others show their number, their label kept for screen readers).
 */
async function expectStepLabelsOnOneLine(page: Page, size: Size, allFrom = 360) {
  const labels = await page.locator('.steps li').evaluateAll((items) =>
    items.map((item) => {
      const label = item.querySelector<HTMLElement>('.step-label')!;
      const range = document.createRange();
      range.selectNodeContents(label);
      const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
      const shown = label.getBoundingClientRect().width > 1;
      return {
        current: item.getAttribute('aria-current') === 'step',
        shown,
        lines: shown ? new Set(rects.map((rect) => Math.round(rect.top))).size : null,
        whole: shown ? label.scrollWidth <= label.clientWidth : null,
      };
    }),
  );
  const expected = labels.map(({ current }) => {
    const shown = size.width >= allFrom || current;
    return { current, shown, lines: shown ? 1 : null, whole: shown ? true : null };
  });
  expect(labels, `the booking steps' labels at ${size.width} px`).toEqual(expected);
}
