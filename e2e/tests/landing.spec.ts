import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, newCreator, registerWith } from '../support/product';

/*
 * The landing page '/' as a visitor who is not signed in gets it: rendered ahead of time, so it paints and
 * works before (and without) any script, with the app's files fetched only once the visitor heads for the
 * sign-in or sign-up screens. A signed-in creator gets the app's landing, which knows them.
 */

const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
/** The app's own files (its entry and the chunks it loads first), as opposed to the landing's small script. */
const APP_FILE = /\/assets\/(?!landing-)[^/]+\.(js|css)$/;

/** Console errors, failed requests and answers of 400 or more while `page` is open. */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => problems.push(`failed: ${request.url()}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
  });
  return problems;
}

test('the HTML of / holds the headline, the claim boxes and its CSS, and no script that blocks the page', async ({
  request,
}) => {
  const response = await request.get('/');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/html/);
  const html = await response.text();
  expect(html).toMatch(/<h1[^>]*>One link for <span[^>]*>everything<\/span> you share<\/h1>/);
  expect(html).toContain('<title>One link for everything you share · Linkbio</title>');
  // Both claim boxes, as plain forms, after the site's address.
  expect(html.match(/<form [^>]*action="\/auth" method="get"/g)).toHaveLength(2);
  expect(html.match(/<input[^>]* name="username"/g)).toHaveLength(2);
  expect(html.replaceAll('<!-- -->', '')).toContain(`>${new URL(BASE_URL).host}/</span>`);
  expect(html).toContain('>Claim Your Link');
  expect(html).toContain('>Create Your Page');
  // Its CSS is in the page; its one script is a small deferred module, fetched at low priority.
  expect(html).toMatch(/<style>[\s\S]*\.text-primary\{[\s\S]*<\/style>/);
  expect(html).not.toMatch(/rel="(stylesheet|modulepreload)"/);
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
  expect(scripts).toHaveLength(1);
  expect(scripts[0]).toMatch(/^<script type="module" src="\/assets\/landing-[\w-]+\.js" fetchpriority="low"/);
  // The app's files are only named, for later (see the next tests), never loaded by the page itself.
  expect(html).not.toMatch(/(src|href)="\/assets\/(?!landing-)/);
});

test('with JavaScript off, the landing shows and its claim box still leads to sign-up', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'One link for everything you share' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
  await page.getByLabel('Choose your username').first().fill('alex');
  await page.getByRole('button', { name: 'Claim Your Link' }).click();
  await expect(page).toHaveURL(/\/auth\?username=alex$/);
  await context.close();
});

test('a visitor who is not signed in sees no error, and the app is not loaded until they head for sign-up', async ({
  page,
}) => {
  const problems = problemsOf(page);
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'One link for everything you share' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expectAccessible(page);
  const paints = await page.evaluate(() => ({
    firstContentfulPaint: performance.getEntriesByName('first-contentful-paint').length,
    blocking: performance
      .getEntriesByType('resource')
      // Chromium's renderBlockingStatus: whether the resource held the page's first paint back.
      .filter(
        (entry) =>
          (entry as PerformanceResourceTiming & { renderBlockingStatus?: string }).renderBlockingStatus === 'blocking',
      )
      .map((entry) => entry.name),
  }));
  expect(paints).toEqual({ firstContentfulPaint: 1, blocking: [] });
  // Nobody asked who the visitor is, and none of the app came down.
  expect(requested.filter((path) => path.startsWith('/api/'))).toEqual([]);
  expect(requested.filter((path) => APP_FILE.test(path))).toEqual([]);

  // Turning to the claim box fetches the app's files, so sign-up opens at once.
  await page.getByLabel('Choose your username').first().focus();
  await expect.poll(() => requested.filter((path) => APP_FILE.test(path)).length).toBeGreaterThan(1);
  expect(problems).toEqual([]);
});

test('the claim boxes clean the username as it is typed and lead to sign-up with it', async ({ page }) => {
  await page.goto('/');
  const [hero, closing] = [
    page.getByLabel('Choose your username').first(),
    page.getByLabel('Choose your username').last(),
  ];
  await hero.pressSequentially('My Name!_x');
  await expect(hero).toHaveValue('mynamex');
  await page.getByRole('button', { name: 'Claim Your Link' }).click();
  await expect(page).toHaveURL(/\/auth\?username=mynamex$/);
  await expect(page.getByRole('tabpanel', { name: 'Sign Up' }).getByLabel('Username')).toHaveValue('mynamex');

  await page.goto('/');
  await page.getByRole('button', { name: 'Claim Your Link' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await page.goto('/');
  await closing.fill('Creator_One');
  await expect(closing).toHaveValue('creatorone');
  await closing.press('Enter');
  await expect(page).toHaveURL(/\/auth\?username=creatorone$/);
});

test("'Sign In' opens the sign-in screen", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
});

test('a signed-in creator opening / gets the app, with their account menu', async ({ page }) => {
  const creator = newCreator('landing');
  await registerWith(page.request, creator);
  const problems = problemsOf(page);
  const appFiles: string[] = [];
  page.on('request', (request) => {
    if (APP_FILE.test(new URL(request.url()).pathname)) appFiles.push(request.url());
  });

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'One link for everything you share' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Account menu for ${creator.displayName}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  expect(appFiles.length).toBeGreaterThan(0);
  expect(problems).toEqual([]);
});
