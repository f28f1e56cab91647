import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { waitForEmailMatch } from '../support/mailbox';
import {
  expectAccessible,
  expectNoSidewaysScroll,
  screenshots,
  sellerTakingBookings,
  type Creator,
} from '../support/product';

/*
 * A creator offering two kinds of session: a portfolio review in a video room the product makes for each booking,
 * with two questions (a required choice, an optional long answer), and a phone check-in. A visitor on a phone
 * picks the type from the list, a time, answers the questions and pays with the local test card; both e-mails
 * say where to meet (the same room), the creator's shows the answers, and the booking page never shows a room.
 */

const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
const PHONE_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
const ROOM = /https:\/\/meet\.jit\.si\/[A-Za-z0-9_-]+/;
const LONG_ANSWER = 'I would like feedback on two case studies.\nThe second one is unfinished.';

/** `text` as a pattern that matches it literally. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

let seller: Creator;
let sellerApi: APIRequestContext;
let reviewId: string;

test.beforeAll(async () => {
  ({ seller, api: sellerApi } = await sellerTakingBookings(BASE_URL, 'types', {
    price: '30',
    timeZone: 'Europe/Berlin',
    sessionMinutes: 60,
    bufferMinutes: 0,
    start: '09:00',
    end: '17:00',
  }));
  const review = await sellerApi.post('/api/session-types', {
    data: {
      name: 'Portfolio review',
      minutes: 45,
      priceCents: 4000,
      description: 'We go through your work together.',
      location: { kind: 'video_generated' },
      questions: [
        { label: 'Your level', kind: 'choice', required: true, choices: ['Beginner', 'Advanced'] },
        { label: 'What should we look at?', kind: 'long_text', required: false },
      ],
    },
  });
  expect(review.status(), await review.text()).toBe(201);
  reviewId = ((await review.json()) as { id: string }).id;
  const call = await sellerApi.post('/api/session-types', {
    data: { name: 'Phone check-in', minutes: 15, priceCents: 1000, location: { kind: 'phone' }, questions: [] },
  });
  expect(call.status(), await call.text()).toBe(201);
});

test.afterAll(async () => {
  await sellerApi?.dispose();
});

test.use({
  userAgent: PHONE_CHROME,
  viewport: { width: 390, height: 844 },
  timezoneId: 'Europe/Berlin',
  locale: 'en-GB',
});

test('picks a type, a time, answers its questions and pays; both e-mails name the same room, the page never does', async ({
  page,
  browser,
}) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));

  await page.goto(`/book/${seller.username}`);
  await expect(page.getByRole('heading', { name: 'Choose a Session' })).toBeVisible();
  const types = page.getByRole('list', { name: 'Choose a Session' });
  const review = types.getByRole('link', { name: /Portfolio review/ });
  await expect(review).toContainText('45 min · $40.00 · Video call');
  await expect(review).toContainText('We go through your work together.');
  await expect(types.getByRole('link', { name: /Phone check-in/ })).toContainText('15 min · $10.00 · Phone call');
  await expectAccessible(page);
  await expectNoSidewaysScroll(page, 'The session types');
  await screenshots(page, 'session-types-list');

  // The phone check-in asks for the number the creator calls, as required; the visitor changes their mind.
  await types.getByRole('link', { name: /Phone check-in/ }).click();
  await expect(page.getByRole('heading', { name: 'Pick a Time' })).toBeVisible();
  await expect(page.getByText('Each session lasts 15 minutes.')).toBeVisible();
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByLabel('Phone Number', { exact: true })).toHaveAttribute('aria-required', 'true');
  await page.getByRole('button', { name: 'Change session' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a Session' })).toBeFocused();
  await page.getByRole('link', { name: /Portfolio review/ }).click();

  await expect(page).toHaveURL(`${BASE_URL}/book/${seller.username}?type=${encodeURIComponent(reviewId)}`);
  await expect(page.getByRole('heading', { name: 'Pick a Time' })).toBeVisible();
  await expect(page.getByText('Each session lasts 45 minutes.')).toBeVisible();
  await expect(page.locator('.price')).toHaveText('$40.00 per session');
  await page.getByRole('radio').nth(2).check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Your Information' })).toBeFocused();
  await expect(page.getByText('Your session').locator('..')).toContainText('Portfolio review');

  await page.getByLabel('Full Name').fill('Sam Rivera');
  const visitorEmail = `${seller.username}.visitor@example.com`;
  await page.getByLabel('Email Address').fill(visitorEmail);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const level = page.getByRole('radiogroup', { name: 'Your level' });
  await expect(level).toHaveAccessibleDescription('Please answer "Your level".');
  await expect(level.getByRole('radio', { name: 'Beginner' })).toBeFocused();
  await expectAccessible(page);
  await screenshots(page, 'session-types-questions');

  await level.getByRole('radio', { name: 'Advanced' }).check();
  await page.getByLabel('What should we look at? (optional)').fill(LONG_ANSWER);
  const since = Date.now();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Details' })).toBeFocused();
  await expect(page.locator('.summary-total')).toContainText('$48.00');
  expect(await page.content()).not.toMatch(/meet\.jit\.si/);

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Complete Booking - $48.00' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/${seller.username}?booked=true`);
  await expect(page.getByRole('status')).toContainText('Booking Confirmed!');
  expect(problems).toEqual([]);

  // Both e-mails say where to meet: the same room.
  const room = await waitForEmailMatch(visitorEmail, ROOM, { since });
  const notice = await waitForEmailMatch(seller.email, new RegExp(`[\\s\\S]*${literally(room)}[\\s\\S]*`), { since });
  expect(notice).toContain('Your level');
  expect(notice).toContain('Advanced');
  expect(notice).toContain('What should we look at?');
  expect(notice).toContain('I would like feedback on two case studies.');

  // The creator's list has it as booked.
  const list = (await (await sellerApi.get('/api/bookings')).json()) as {
    bookings: { customerName: string; sessionName: string | null; location: unknown; answers: unknown }[];
  };
  expect(list.bookings.find((booking) => booking.customerName === 'Sam Rivera')).toMatchObject({
    sessionName: 'Portfolio review',
    location: { kind: 'video', url: room },
    answers: [
      { question: 'Your level', answer: 'Advanced' },
      { question: 'What should we look at?', answer: LONG_ANSWER },
    ],
  });

  // The creator's Bookings card: the type, the room as a link and the answers.
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 390, height: 844 } });
  const dashboard = await context.newPage();
  const login = await dashboard.request.post('/api/auth/login', {
    data: { email: seller.email, password: seller.password },
  });
  expect(login.status(), await login.text()).toBeLessThan(300);
  await dashboard.goto('/dashboard');
  const row = dashboard
    .getByRole('region', { name: 'Bookings' })
    .getByRole('listitem')
    .filter({ hasText: 'Sam Rivera' });
  await expect(row).toContainText('Portfolio review');
  const roomLink = row.getByRole('link', { name: /meet\.jit\.si/ });
  await expect(roomLink).toHaveAttribute('href', room);
  await expect(roomLink).toHaveAttribute('rel', /noopener/);
  const answers = row.getByLabel('Answers of Sam Rivera');
  await expect(answers).toContainText('Your level');
  await expect(answers).toContainText('Advanced');
  await expect(answers).toContainText('The second one is unfinished.');
  await row.scrollIntoViewIfNeeded();
  await expectAccessible(dashboard);
  await expectNoSidewaysScroll(dashboard, 'The Bookings card');
  await context.close();

  // The booking pages, before and after paying, never carry a room.
  const visitor = await playwrightRequest.newContext({ baseURL: BASE_URL });
  for (const path of [
    `/book/${seller.username}`,
    `/book/${seller.username}?type=${encodeURIComponent(reviewId)}`,
    `/${seller.username}?booked=true`,
  ]) {
    const html = await (await visitor.get(path)).text();
    expect(html, path).not.toContain(room);
    expect(html, path).not.toMatch(/meet\.jit\.si/);
  }
  await visitor.dispose();
});
