import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectNoSidewaysScroll, newCreator, registerThroughApi, registerWith } from '../support/product';

/*
 * Issue 26's rough edges, in the browser: /privacy and /terms at a small phone, a phone and a desktop; the
 * landing footer's links reaching real pages; no console error or warning, uncaught error, failed request or
 * answer of 400 and more on the signed-out pages, a bio page, the legal pages and the operators' queue
 * dashboard; and the dashboard's links card within the first screen.
 */

const SIZES = [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;
const operator = { username: process.env.E2E_OPERATOR_USER ?? '', password: process.env.E2E_OPERATOR_PASSWORD ?? '' };


/**
 * Everything the page says went wrong from now on: console errors and warnings (a Content-Security-Policy
 * refusal is one), uncaught errors, requests that failed, answers of 400 and more.
 */
function listenForProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`console ${message.type()} on ${page.url()}: ${message.text()} (${message.location().url})`);
    }
  });
  page.on('pageerror', (error) => problems.push(`uncaught on ${page.url()}: ${error.message}`));
  page.on('requestfailed', (request) => problems.push(`failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  return problems;
}

/** Lets the page settle: its requests answered, the app's scripts run. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}

for (const [path, title] of [
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms of Service'],
] as const) {
  test(`${path} is a light, accessible page at 320, 390 and 1280 px that says it is a template`, async ({ page }) => {
    for (const size of SIZES) {
      await test.step(`${path} at ${size.width} px`, async () => {
        await page.setViewportSize(size);
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        expect(response?.headers()['content-type']).toBe('text/html; charset=utf-8');
        await expect(page).toHaveTitle(`${title} · Linkbio`);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expect(page.getByText('This is a template to adapt.')).toBeVisible();
        await expect(page.getByRole('main')).toBeVisible();
        await expect(page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: title })).toHaveAttribute('aria-current', 'page');
        await expectNoSidewaysScroll(page, `${path} at ${size.width} px`);
        await expectAccessible(page);
      });
    }
    // No script at all: the page is text.
    expect(await page.locator('script').count()).toBe(0);
  });
}

test('every link of the landing page footer reaches a real page or section', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Linkbio. All rights reserved.`);
  const hrefs = await footer.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  expect(hrefs).toHaveLength(8);
  for (const href of hrefs) {
    expect(href, 'a footer link goes somewhere').not.toBe('#');
    const url = new URL(href, page.url());
    const answer = await page.request.get(url.pathname + url.search);
    expect(answer.status(), `${href} answers`).toBe(200);
    if (url.hash) await expect(page.locator(url.hash), `${href} names a section of the page`).toHaveCount(1);
  }
  // A legal page opens from the footer, and leads back.
  await footer.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
});

test('the signed-out pages, a bio page and the legal pages say nothing is wrong', async ({ page, baseURL }) => {
  const creator = newCreator('quiet');
  await registerThroughApi(baseURL!, creator);
  const problems = listenForProblems(page);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await settle(page);

  await page.goto('/auth');
  await expect(page.getByRole('tabpanel', { name: 'Sign In' })).toBeVisible();
  await settle(page);

  await page.goto('/auth?tab=signup');
  const signUp = page.getByRole('tabpanel', { name: 'Sign Up' });
  await expect(signUp).toBeVisible();
  await expect(signUp.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  await expect(signUp.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  await settle(page);

  await page.goto(`/${creator.username}`);
  await expect(page.getByRole('heading', { level: 1, name: creator.displayName })).toBeVisible();
  await settle(page);

  for (const path of ['/privacy', '/terms']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await settle(page);
  }
  // A screen loaded on demand, opened first (React Router's HydrateFallback).
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await settle(page);

  expect(problems).toEqual([]);
});

test.describe('the operators\' queue dashboard', () => {
  // Sent with the first request, so no 401 challenge comes first.
  test.use({ httpCredentials: { ...operator, send: 'always' } });

  test('loads under its own Content-Security-Policy with nothing refused', async ({ page }) => {
    expect(operator.username, 'E2E_OPERATOR_USER and E2E_OPERATOR_PASSWORD name the operator (npm test sets them)').not.toBe('');
    // The typeface's stylesheet comes from Google Fonts; this machine may have no way out, so an empty sheet
    // stands in for Google's answer. The browser applies the page's policy before asking, stand-in or not.
    let fontsAsked = 0;
    await page.route('https://fonts.googleapis.com/**', (route) => {
      fontsAsked += 1;
      return route.fulfill({ status: 200, contentType: 'text/css', body: '' });
    });
    const problems = listenForProblems(page);
    expect((await page.goto('/admin/queues'))?.status()).toBe(200);
    for (const name of ['analytics', 'payouts', 'maintenance']) await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
    await settle(page);
    expect(fontsAsked).toBe(1);
    expect(problems).toEqual([]);
  });
});

test('the dashboard shows Your Links within the first screen at 1280 px, and near the top at 390 px', async ({ page }) => {
  const creator = newCreator('links-first');
  await registerWith(page.request, creator);
  const problems = listenForProblems(page);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard');
  const links = page.getByRole('heading', { name: 'Your Links' });
  await expect(links).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Link' }).first()).toBeVisible();
  await settle(page);
  const wide = await page.getByRole('region', { name: 'Your Links' }).boundingBox();
  expect(wide!.y + 120, 'the links card and its first row start within the first 800 px').toBeLessThanOrEqual(800);
  expect(problems).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  const narrow = await links.boundingBox();
  const look = await page.getByRole('heading', { name: 'Profile Picture' }).boundingBox();
  expect(narrow!.y, 'Your Links comes before the settings').toBeLessThan(look!.y);
  expect(narrow!.y, 'Your Links is within about one screen and a half of the top').toBeLessThan(844 * 1.5);
});
