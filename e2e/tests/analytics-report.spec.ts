import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, expectNoSidewaysScroll, newCreator, signUp } from '../support/product';

/*
 * The report (issue 29) in the browser: a free creator sees the upgrade notice; once Premium, a visit from a
 * newsletter (utm_source, utm_medium, utm_campaign on the page's address) and a direct visit show up in the
 * report under their source and campaign, a click on the page's link is counted for the newsletter, the same
 * period downloads as a CSV file, and the card fits a small phone, a phone and a desktop.
 */

const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
/** Headless Chromium counts as a bot (no views): the visitors browse as a phone. */
const PHONE_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
const LINK_TITLE = 'Spring catalogue';
const SCREENSHOTS = join(import.meta.dirname, '..', 'artifacts', 'screenshots');

interface ReportRowJson {
  key: string | null;
  views: number;
  clicks: number;
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

async function subscribe(page: Page) {
  await page.getByRole('region', { name: 'Plan' }).getByRole('link', { name: 'Upgrade to Premium' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/subscribe`);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Subscribe to Premium' }).click();
  await expect(page.getByText('Payment Successful').first()).toBeVisible();
  await expect(page).toHaveURL(`${BASE_URL}/dashboard`);
  await expect(page.getByRole('region', { name: 'Plan' }).getByText('Premium', { exact: true })).toBeVisible();
}

/** The cells of the row named `name` in the report's table `table`. */
const rowCells = (report: Locator, table: string, name: string) =>
  report
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ has: report.page().getByRole('rowheader', { name, exact: true }) })
    .getByRole('cell');

test.describe('the analytics report', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a Premium creator sees where visits came from and downloads them as CSV', async ({ page, browser }) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const creator = newCreator('report');
    await signUp(page, creator);
    const created = await page.request.post('/api/links', {
      data: { title: LINK_TITLE, url: `${BASE_URL}/?from=report` },
    });
    expect(created.status(), await created.text()).toBe(201);

    // Free: today's totals as before, and the report's upgrade notice.
    await page.reload();
    const report = page.getByRole('region', { name: 'Analytics report' });
    await expect(report.getByRole('alert')).toContainText('The full report is part of Premium.');
    await expect(page.getByRole('region', { name: 'Your stats' }).getByText('Page Views')).toBeVisible();
    await expect(report.getByRole('radio')).toHaveCount(0);

    await subscribe(page);

    // A visit from the newsletter that clicks the page's link, and a direct visit.
    const visitor = await browser.newContext({ userAgent: PHONE_CHROME, viewport: { width: 390, height: 844 } });
    const bio = await visitor.newPage();
    await bio.goto(`/${creator.username}?utm_source=newsletter&utm_medium=email&utm_campaign=spring-launch`);
    const href = await bio.getByRole('link', { name: LINK_TITLE }).getAttribute('href');
    expect(href).toBeTruthy();
    const click = await bio.request.get(new URL(href!, BASE_URL).toString(), {
      maxRedirects: 0,
      headers: { 'User-Agent': PHONE_CHROME },
    });
    expect(click.status()).toBe(302);
    await visitor.close();
    const direct = await browser.newContext({ userAgent: PHONE_CHROME });
    await (await direct.newPage()).goto(`/${creator.username}`);
    await direct.close();

    // Views and clicks are counted by the worker: wait until today's report has them.
    const today = todayUtc();
    await expect
      .poll(
        async () => {
          const answer = await page.request.get(`/api/analytics/report?from=${today}&to=${today}`);
          if (!answer.ok()) return `${answer.status()}`;
          const body = (await answer.json()) as { bySource: ReportRowJson[] };
          return body.bySource
            .map((row) => `${row.key ?? 'direct'}:${row.views}/${row.clicks}`)
            .sort()
            .join(' ');
        },
        { timeout: 30_000 },
      )
      .toBe('direct:1/0 newsletter:1/1');

    await page.goto('/dashboard');
    await expect(report.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
    await report.getByRole('radio', { name: 'Last 7 days' }).check();
    await expect(report.getByRole('table', { name: 'Sources' })).toBeVisible();
    // Visitors, views, clicks, orders, revenue.
    await expect(rowCells(report, 'Sources', 'newsletter')).toHaveText([/\d/, '1', '1', '0', '$0.00']);
    await expect(rowCells(report, 'Sources', 'Direct')).toHaveText([/\d/, '1', '0', '0', '$0.00']);
    await expect(rowCells(report, 'Mediums', 'email').nth(1)).toHaveText('1');
    await expect(rowCells(report, 'Campaigns', 'spring-launch').nth(1)).toHaveText('1');
    await expect(rowCells(report, 'Links', LINK_TITLE).nth(2)).toHaveText('1');
    const total = (label: string) =>
      report
        .getByTestId('report-total')
        .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) })
        .getByRole('definition')
        .first();
    await expect(total('Views')).toHaveText('2');
    await expect(total('Clicks')).toHaveText('1');
    await expect(report.getByRole('region', { name: 'Funnel' })).toContainText('50.0% of views');

    // The same period as a CSV file.
    const downloading = page.waitForEvent('download');
    await report.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toContain('newsletter');
    expect(csv).toContain('spring-launch');
    await expect(report.getByRole('status')).toContainText(
      `Your report is downloading as ${download.suggestedFilename()}.`,
    );

    // A custom period the server's rules refuse is refused before it is sent.
    await report.getByRole('radio', { name: 'Custom' }).check();
    const custom = report.getByRole('form', { name: 'Custom period' });
    await custom.getByLabel('From', { exact: true }).fill(today);
    await custom.getByLabel('To', { exact: true }).fill('2020-01-01');
    await custom.getByRole('button', { name: 'Show report' }).click();
    await expect(custom.getByRole('alert')).toHaveText('from must be on or before to');

    for (const size of [
      { width: 320, height: 640 },
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      await test.step(`the report at ${size.width} px`, async () => {
        await page.setViewportSize(size);
        await page.goto('/dashboard');
        await expect(report.getByRole('table', { name: 'Sources' })).toBeVisible();
        await expectNoSidewaysScroll(page, `the report at ${size.width} px`);
        await expectAccessible(page);
        await report.screenshot({ path: join(SCREENSHOTS, `analytics-report-${size.width}.png`) });
      });
    }
    expect(problems).toEqual([]);
  });
});
