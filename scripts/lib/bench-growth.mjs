// Growth: does a page or a dashboard call cost more once the product holds many creators, links and events?
// The same bio page before and after 10,000 more creators, a premium page of 1,000 links (beside a bare
// node:http server sending its bytes: 28 KB a page is as much the load generator's work as the product's), and
// the dashboard's analytics and the Premium report over a million events from 10,000 sources.
import { GOOGLEBOT, decodedBody, rawGet, settleCounts } from './bench-api.mjs';
import { startBaseline } from './bench-baseline.mjs';
import { addAnalyticsHistory, addCreators, addPremiumLinks, makePremium, settleTables } from './bench-growth-data.mjs';
import { BROWSER } from './bench-paths.mjs';
import { countLine, number } from './bench-report.mjs';

export const GROWTH = {
  premiumLinks: 1000,
  events: 1_000_000,
  days: 90,
  sources: 10_000,
  sales: 5_000,
  creators: 10_000,
  linksEach: 5,
};

/**
 * Fills results.growth: its rows (as the main table's, with a `data` note), the view counts of the pages loaded
 * (each checked before the next row runs) and the before/after comparison of the creator's page.
 * `creator.counted` holds the creator's totals as last counted.
 */
export async function measureGrowth({
  base,
  databaseUrl,
  load,
  creator,
  premium,
  stats,
  creatorsBefore,
  options,
  results,
  cleanups,
  log,
}) {
  const rows = [];
  results.growth = { creators: GROWTH.creators, rows, counts: [] };
  premium.counted = { views: 0, clicks: 0 };
  const loadRow = async (name, path, headers, data, url) => {
    const spec = { key: 'growth', name, path, headers, ...(url ? { url } : {}) };
    const row = { ...(await load(spec, options.growthDuration)), data };
    rows.push(row);
    return row;
  };
  const bioRow = async (name, who, data) => {
    const row = await loadRow(name, `/${who.username}`, BROWSER, data);
    const expected = { views: who.counted.views + row.ok, clicks: who.counted.clicks };
    const settled = await settleCounts(who.client, expected, {
      stableMs: 5000,
      maxMs: 60_000,
      slack: { views: row.unanswered, clicks: 0 },
    });
    const { value } = countLine('views', expected.views, row.unanswered, settled.views);
    results.growth.counts.push({ name, ...value, ended: settled.ended });
    who.counted = { views: settled.views, clicks: settled.clicks };
    return row;
  };

  const before = await bioRow('bio page, 5 links, before growth', creator, `${creatorsBefore} creators`);
  log(
    `Growth: ${number(GROWTH.creators)} creators with ${GROWTH.linksEach} links each, ` +
      `${number(GROWTH.premiumLinks)} links for a premium creator, ${number(GROWTH.events)} events from ` +
      `${number(GROWTH.sources)} sources, ${number(GROWTH.sales)} sales…`,
  );
  const start = Date.now();
  await addCreators(databaseUrl, GROWTH.creators, GROWTH.linksEach);
  await addPremiumLinks(databaseUrl, premium.id, GROWTH.premiumLinks);
  await makePremium(databaseUrl, stats.id);
  results.growth.history = await addAnalyticsHistory(databaseUrl, stats.id, stats.linkIds, {
    total: GROWTH.events,
    days: GROWTH.days,
    sources: GROWTH.sources,
    sales: GROWTH.sales,
  });
  await settleTables(databaseUrl);
  results.growth.seedSeconds = Math.round((Date.now() - start) / 100) / 10;
  log(`Growth data written in ${results.growth.seedSeconds} s.`);

  const after = await bioRow(
    'bio page, 5 links, +10,000 creators',
    creator,
    `+${number(GROWTH.creators)} creators, +${number(GROWTH.creators * GROWTH.linksEach)} links`,
  );

  // Read as a bot (counts nothing), to say how many links the premium page really shows and what it weighs.
  const page = await rawGet(base, `/${premium.username}`, { userAgent: GOOGLEBOT });
  const html = decodedBody(page).toString('utf8');
  const shown = new Set(html.match(/\/go\/[0-9a-f-]{36}/g) ?? []).size;
  const weight = `${number(Buffer.byteLength(html))} B of HTML, ${number(page.body.length)} B ${page.headers['content-encoding'] ?? 'sent'}`;
  // Its yardstick, as the main table's: the very bytes a person gets (read as its creator, which counts nothing).
  const premiumPage = await rawGet(base, `/${premium.username}`, { cookie: premium.client.cookie });
  const baseline = await startBaseline(premiumPage, cleanups);
  const bare = await loadRow(
    'baseline (node:http, the premium page’s bytes)',
    '/',
    BROWSER,
    `${number(premiumPage.body.length)} B`,
    baseline.url,
  );
  const premiumRow = await bioRow('bio page, premium, 1,000 links', premium, `${number(shown)} links shown, ${weight}`);
  premiumRow.ratio = premiumRow.rps / bare.rps;
  bare.ratio = 1;

  const signedIn = { ...BROWSER, Cookie: stats.client.cookie };
  const totals = await stats.client.call('GET', '/api/analytics');
  await loadRow(
    'GET /api/analytics, 1M events',
    '/api/analytics',
    signedIn,
    `${number(totals.totalViews)} views, ${number(totals.totalClicks)} clicks answered`,
  );
  const daily = await stats.client.call('GET', '/api/analytics/daily?days=90');
  await loadRow(
    'GET /api/analytics/daily?days=90, 1M events',
    '/api/analytics/daily?days=90',
    signedIn,
    `${daily.series?.length ?? '?'} days, ${number(daily.totals?.views)} views answered`,
  );

  // The report over the same million events, its rollups by source holding 10,000 distinct sources.
  const utcDay = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const reportLabel = `1M events, ${number(GROWTH.sources)} sources`;
  for (const days of [30, 90]) {
    const path = `/api/analytics/report?from=${utcDay(1 - days)}&to=${utcDay(0)}&compare=previous`;
    const report = await stats.client.call('GET', path);
    await loadRow(
      `GET /api/analytics/report, ${days} days, ${reportLabel}`,
      path,
      signedIn,
      `${number(report.totals?.views)} views, ${number(report.totals?.orders)} orders, ` +
        `${number(report.bySource?.length)} of the sources listed`,
    );
  }
  const csvPath = `/api/analytics/report.csv?from=${utcDay(-89)}&to=${utcDay(0)}&compare=previous`;
  const csv = await rawGet(base, csvPath, { cookie: stats.client.cookie });
  if (csv.status !== 200) throw new Error(`GET ${csvPath} answered ${csv.status}.`);
  const csvText = decodedBody(csv).toString('utf8');
  await loadRow(
    `GET /api/analytics/report.csv, 90 days, ${reportLabel}`,
    csvPath,
    signedIn,
    `${number(csvText.split('\r\n').length - 2)} rows, ${number(Buffer.byteLength(csvText))} B`,
  );

  results.growth.comparison = {
    p99Before: before.latency.p99,
    p99After: after.latency.p99,
    rpsBefore: before.rps,
    rpsAfter: after.rps,
  };
}
