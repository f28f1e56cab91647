import { randomUUID } from 'node:crypto';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import type { AnalyticsReportView, Attribution, ReportRow } from '@linkbio/shared-contracts';
import { agent, analyticsSettled, Database, signedInCreator, startApp, startWorker, type Agent } from './support/harness.js';
import { card } from './support/paid-bookings.js';

/*
 * The whole of issue 29 in one visit, over HTTP on the real API, queue, worker and PostgreSQL: visitors come to a
 * Premium creator's page from a newsletter campaign, from Instagram and directly, from addresses the shipped
 * country database places in the Netherlands and Great Britain; one follows a link, one books a session, one buys
 * the product and one tips, each by the links the page rendered. The report of the day must give exactly what
 * this spec counted itself, request by request.
 */

const DAY_MS = 24 * 3600 * 1000;
const SPRING = 'utm_source=newsletter&utm_medium=email&utm_campaign=spring';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';

interface Visitor {
  address: string;
  agent: string;
  country: 'NL' | 'GB';
}

/** What the spec expects of a breakdown row, built up visit by visit. */
type Tally = Map<string | null, Omit<ReportRow, 'key' | 'label'>>;
const row = (tally: Tally, key: string | null) => {
  let counts = tally.get(key);
  if (!counts) tally.set(key, (counts = { views: 0, uniqueVisitors: 0, clicks: 0, orders: 0, revenueCents: 0 }));
  return counts;
};
const rowsOf = (tally: Tally) => [...tally.entries()].map(([key, counts]) => ({ key, ...counts }));
const byKey = (rows: ReportRow[]) => [...rows].sort((a, b) => String(a.key).localeCompare(String(b.key)));

const hrefs = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map(([, href]) => href!.replace(/&amp;/g, '&'));
const dataAttribution = (html: string) => JSON.parse(/data-attribution="([^"]*)"/.exec(html)![1]!.replace(/&quot;/g, '"')) as Attribution;
const checkoutData = (html: string) =>
  JSON.parse(/data-checkout="([^"]*)"/.exec(html)![1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as { attribution: Attribution };

describe('the report tells where the visits and the money came from', () => {
  let app: INestApplication;
  let worker: INestApplicationContext;
  let db: Database;

  beforeAll(async () => {
    // "Today" is read here and by the API: never straddle midnight UTC between the two.
    const untilMidnight = DAY_MS - (Date.now() % DAY_MS);
    if (untilMidnight < 60_000) await new Promise((resolve) => setTimeout(resolve, untilMidnight + 100));
    app = await startApp();
    worker = await startWorker();
    db = new Database();
  });

  afterAll(async () => {
    await db?.close();
    await worker?.close();
    await app?.close();
  });

  it('gives each source, campaign and country its views, unique visitors, clicks, orders and revenue', async () => {
    const { client: owner, user, details } = await signedInCreator(app);
    const username = details.username;
    await db.makePremium(user.id);
    await owner.put('/api/users/booking-settings').send({ enableBooking: true, bookingPrice: '40' }).expect(200);
    await db.query('update users set tips_enabled = true where id = $1', [user.id]);
    const productId = randomUUID();
    await db.query(
      `insert into products (id, creator_id, title, price_cents, private_url, visible) values ($1, $2, 'The Guide', 1500, 'https://example.com/guide', true)`,
      [productId, user.id],
    );
    const link = (await owner.post('/api/links').send({ title: 'Blog', url: 'https://example.com/blog' }).expect(201)).body as { id: string };
    const today = new Date().toISOString().slice(0, 10);

    const bySource: Tally = new Map();
    const byCampaign: Tally = new Map();
    const byCountry: Tally = new Map();
    const totals = { views: 0, uniqueVisitors: 0, clicks: 0, orders: 0, revenueCents: 0 };
    const seen = new Set<string>();
    const visitorsOf = new Map<object, Set<string>>();
    const client = (visitor: Visitor): Agent => agent(app, visitor.address).set('User-Agent', visitor.agent);
    const rows = (source: string | null, campaign: string | null, country: string) => [row(bySource, source), row(byCampaign, campaign), row(byCountry, country)];

    /** A view of the bio page, counted here as the report must count it. */
    async function visit(visitor: Visitor, query: string, headers: Record<string, string>, source: string | null, campaign: string | null) {
      const page = await client(visitor).get(`/${username}${query}`).set(headers).expect(200);
      const who = `${visitor.address}|${visitor.agent}`;
      totals.views += 1;
      totals.uniqueVisitors += seen.has(who) ? 0 : 1;
      seen.add(who);
      // A visitor counts once in each row they visit under, however often.
      for (const counts of rows(source, campaign, visitor.country)) {
        counts.views += 1;
        const visitors = visitorsOf.get(counts) ?? new Set<string>();
        visitorsOf.set(counts, visitors);
        if (!visitors.has(who)) counts.uniqueVisitors += 1;
        visitors.add(who);
      }
      return page.text;
    }

    const newsletter: Visitor[] = [
      { address: '193.0.6.10', agent: PHONE, country: 'NL' },
      { address: '193.0.6.11', agent: PHONE, country: 'NL' },
      { address: '2001:67c:2e8::7', agent: DESKTOP, country: 'NL' },
    ];
    const direct: Visitor[] = [
      { address: '81.2.69.160', agent: PHONE, country: 'GB' },
      { address: '81.2.69.160', agent: DESKTOP, country: 'GB' },
    ];
    const instagram: Visitor = { address: '193.0.6.12', agent: PHONE, country: 'NL' };

    // Each newsletter reader opens the page twice; the unique visitors count them once each.
    let springPage = '';
    for (const round of [1, 2]) {
      for (const visitor of newsletter) {
        const html = await visit(visitor, `?${SPRING}`, {}, 'newsletter', 'spring');
        if (round === 1) springPage ||= html;
      }
    }
    for (const visitor of direct) await visit(visitor, '', {}, null, null);
    const instagramPage = await visit(instagram, '', { Referer: 'https://www.instagram.com/p/abc' }, 'www.instagram.com', null);
    // A bot and a HEAD request count nothing.
    await agent(app, '193.0.6.99').set('User-Agent', 'Googlebot/2.1 (+http://www.google.com/bot.html)').get(`/${username}?${SPRING}`).expect(200);
    await client(newsletter[0]!).head(`/${username}?${SPRING}`).expect(200);

    // The first reader follows the link the page rendered; the Instagram visitor too.
    const go = hrefs(springPage).find((href) => href.startsWith(`/go/${link.id}`))!;
    expect(go).toBe(`/go/${link.id}?${SPRING}`);
    await client(newsletter[0]!).get(go).expect(302);
    const instagramGo = hrefs(instagramPage).find((href) => href.startsWith(`/go/${link.id}`))!;
    await client(instagram).get(instagramGo).expect(302);
    totals.clicks += 2;
    for (const counts of [...rows('newsletter', 'spring', 'NL'), ...rows('www.instagram.com', null, 'NL')]) counts.clicks += 1;

    const paid = async (visitor: Visitor, path: string, body: object, cents: number, source: string | null, campaign: string | null) => {
      const created = await client(visitor).post(path).send(body).expect(201);
      await agent(app).post('/api/payments/local/confirm').send(card((created.body as { clientSecret: string }).clientSecret)).expect(200);
      totals.orders += 1;
      totals.revenueCents += cents;
      for (const counts of rows(source, campaign, visitor.country)) {
        counts.orders += 1;
        counts.revenueCents += cents;
      }
    };
    // The second reader books a session from the booking page the bio page linked to; the third buys the product.
    const bookHref = hrefs(springPage).find((href) => href.startsWith(`/book/${username}`))!;
    const bookingPage = await client(newsletter[1]!).get(bookHref).expect(200);
    await paid(newsletter[1]!, `/api/users/${username}/book`, { customerName: 'Sam', customerEmail: 'sam@example.com', attribution: dataAttribution(bookingPage.text) }, 4000, 'newsletter', 'spring');
    const productHref = hrefs(springPage).find((href) => href.startsWith(`/${username}/products/${productId}`))!;
    const productPage = await client(newsletter[2]!).get(productHref).expect(200);
    await paid(
      newsletter[2]!,
      `/api/users/${username}/products/${productId}/order`,
      { customerName: 'Ada', customerEmail: 'ada@example.com', attribution: checkoutData(productPage.text).attribution },
      1500,
      'newsletter',
      'spring',
    );
    // A direct visitor tips $3.00 from a page with nothing to carry.
    await paid(direct[0]!, `/api/users/${username}/tip`, { customerEmail: 'fan@example.com', amountCents: 300 }, 300, null, null);

    await analyticsSettled(app);
    const report = (await owner.get(`/api/analytics/report?from=${today}&to=${today}&compare=previous`).expect(200)).body as AnalyticsReportView;
    expect(report.totals).toEqual({ ...totals, clickRate: Math.round((totals.clicks / totals.views) * 1000) / 10 });
    expect(report.previous).toEqual({ views: 0, uniqueVisitors: 0, clicks: 0, clickRate: 0, orders: 0, revenueCents: 0 });
    expect(report.byDay).toEqual([{ key: today, views: totals.views, uniqueVisitors: totals.uniqueVisitors, clicks: 2, orders: 3, revenueCents: 5800 }]);
    expect(byKey(report.bySource)).toEqual(byKey(rowsOf(bySource)));
    expect(byKey(report.byCampaign)).toEqual(byKey(rowsOf(byCampaign)));
    expect(byKey(report.byCountry)).toEqual(byKey(rowsOf(byCountry)));
    expect(report.byLink).toEqual([{ key: link.id, label: 'Blog', views: 0, uniqueVisitors: 2, clicks: 2, orders: 0, revenueCents: 0 }]);
    // The figures this spec expects, written out once, so a tally gone wrong above cannot pass unseen.
    expect(report.bySource.find((r) => r.key === 'newsletter')).toEqual({ key: 'newsletter', views: 6, uniqueVisitors: 3, clicks: 1, orders: 2, revenueCents: 5500 });
  });
});
