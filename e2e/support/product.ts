import AxeBuilder from '@axe-core/playwright';
import { expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

let counter = 0;
const run = Date.now().toString(36);

/** A creator no other spec of this run uses. */
export function newCreator(prefix = 'e2e') {
  counter += 1;
  const username = `${prefix}-${run}-${counter}`;
  return {
    username,
    displayName: `Creator ${counter}`,
    email: `${username}@example.com`,
    password: 'correct horse battery',
    /**
     * The client address the creator signs up from (X-Forwarded-For, which the product `npm test` starts trusts
     * from loopback only): sign-ups are limited to 10 an hour per address, and the specs make more than that.
     */
    address: `10.${(Number.parseInt(run.slice(-3), 36) % 200) + 20}.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`,
  };
}

export type Creator = ReturnType<typeof newCreator>;

const SCREENSHOTS = join(import.meta.dirname, '..', 'artifacts', 'screenshots');

/** Writes full-page screenshots of the current screen at a phone size (390×844) and a desktop size (1280×800). */
export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const original = page.viewportSize();
  for (const [label, size] of [
    ['390x844', { width: 390, height: 844 }],
    ['1280x800', { width: 1280, height: 800 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${label}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/** No serious or critical axe-core violations on the current screen. */
/**
 * The page is no wider than the window (nothing scrolls sideways); on failure, says which elements stick out.
 * `soft` lets a sweep go on to its next screen and report every one that fails.
 */
export async function expectNoSidewaysScroll(page: Page, screen = 'The page', { soft = false } = {}): Promise<void> {
  const layout = await page.evaluate(() => ({
    scrollWidth: (document.scrollingElement ?? document.documentElement).scrollWidth,
    innerWidth: window.innerWidth,
    beyond: [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 120)),
  }));
  (soft ? expect.soft : expect)(layout.scrollWidth, `${screen} scrolls sideways; wider than the window: ${layout.beyond.join(' | ')}`)
    .toBeLessThanOrEqual(layout.innerWidth);
}

export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    blocking.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** Signs a new creator up through the sign-up form and lands on the dashboard. */
export async function signUp(page: Page, creator: Creator): Promise<void> {
  await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': creator.address });
  await page.goto(`/auth?username=${creator.username}`);
  const form = page.getByRole('tabpanel', { name: 'Sign Up' });
  await expect(form.getByLabel('Username')).toHaveValue(creator.username);
  await form.getByLabel('Display Name').fill(creator.displayName);
  await form.getByLabel('Email').fill(creator.email);
  await form.getByLabel('Password', { exact: true }).fill(creator.password);
  await form.getByLabel('Confirm Password').fill(creator.password);
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Signs a new creator up through the API, for specs that start from an account rather than from the sign-up form. */
export async function registerThroughApi(baseURL: string, creator: Creator): Promise<void> {
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    await registerWith(api, creator);
  } finally {
    await api.dispose();
  }
}

/** Signs a new creator up with this request context: a page's (`page.request`) keeps the session, signed in. */
export async function registerWith(api: APIRequestContext, creator: Creator): Promise<void> {
  const registered = await api.post('/api/auth/register', {
    headers: { 'X-Forwarded-For': creator.address },
    data: {
      username: creator.username,
      email: creator.email,
      password: creator.password,
      confirmPassword: creator.password,
      displayName: creator.displayName,
      bio: '',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
}

/** Fills the Sign In form and sends it (with two-factor sign-in on, the code step follows). */
export async function submitSignIn(page: Page, creator: Creator, password = creator.password): Promise<void> {
  await page.goto('/auth');
  const form = page.getByRole('tabpanel', { name: 'Sign In' });
  await form.getByLabel('Email').fill(creator.email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs in through the Sign In form and lands on the dashboard. */
export async function signIn(page: Page, creator: Creator, password = creator.password): Promise<void> {
  await submitSignIn(page, creator, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** How a seller takes sessions at set times: the fields of PUT /api/users/availability that differ by spec. */
export interface SetTimes {
  price: string;
  timeZone: string;
  sessionMinutes: number;
  bufferMinutes: number;
  /** Open every day of the week from `start` to `end` (HH:MM, in `timeZone`). */
  start: string;
  end: string;
}

/**
 * A creator, signed up through the API, taking paid bookings at set times (no notice, 30 days ahead, cancellable
 * up to 24 hours before); `api` is their signed-in client, for the caller to dispose of.
 */
export async function sellerTakingBookings(
  baseUrl: string,
  prefix: string,
  times: SetTimes,
): Promise<{ seller: Creator; api: APIRequestContext }> {
  const seller = newCreator(prefix);
  const api = await playwrightRequest.newContext({ baseURL: baseUrl });
  await registerWith(api, seller);
  const settings = await api.put('/api/users/booking-settings', { data: { enableBooking: true, bookingPrice: times.price } });
  expect(settings.status(), await settings.text()).toBe(200);
  const availability = await api.put('/api/users/availability', {
    data: {
      timeZone: times.timeZone,
      sessionMinutes: times.sessionMinutes,
      bufferMinutes: times.bufferMinutes,
      minNoticeHours: 0,
      horizonDays: 30,
      weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: times.start, end: times.end })),
      datesOff: [],
      cancellationHours: 24,
    },
  });
  expect(availability.status(), await availability.text()).toBe(200);
  return { seller, api };
}
