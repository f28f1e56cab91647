// The data a grown product holds, written straight into its tables (the columns are the migrations'), so the
// bench can show that a page or a dashboard call costs the same with many creators, links and events.
import { withDatabase } from './database.mjs';

/** Premium as billing would record it once paid: the flag on the creator's row. */
export function makePremium(databaseUrl, userId) {
  return withDatabase(databaseUrl, (db) =>
    db.query('update users set is_premium = true, updated_at = now() where id = $1', [userId]),
  );
}

/** Makes the creator premium and gives them `count` more active links. */
export function addPremiumLinks(databaseUrl, ownerId, count) {
  return withDatabase(databaseUrl, async (db) => {
    await db.query('update users set is_premium = true, updated_at = now() where id = $1', [ownerId]);
    await db.query(
      `insert into links (id, owner_id, title, url, is_active, position, created_at, updated_at)
       select gen_random_uuid(), $1, 'Link number ' || n, 'https://example.com/picks/' || n, true, n - 1,
              now() - make_interval(secs => $2 - n), now()
         from generate_series(1, $2) as n`,
      [ownerId, count],
    );
  });
}

/** `total` split into integers proportional to `weights`, summing exactly to `total` (largest remainders). */
function split(total, weights) {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  const order = exact.map((value, i) => [value - parts[i], i]).sort((a, b) => b[0] - a[0]);
  const missing = total - parts.reduce((a, b) => a + b, 0);
  for (let k = 0; k < missing; k += 1) parts[order[k][1]] += 1;
  return parts;
}

const REFERRERS = [
  ['instagram.com', 40],
  ['t.co', 20],
  ['www.youtube.com', 15],
  ['www.google.com', 15],
  ['www.tiktok.com', 10],
];
const DEVICES = [
  ['mobile', 70],
  ['desktop', 22],
  ['tablet', 8],
];
const MEDIUMS = [
  ['', 60],
  ['social', 25],
  ['email', 10],
  ['cpc', 5],
];
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'BR', 'IN', 'JP', 'CA', 'AU', 'ES', 'IT', 'NL', 'MX', 'SE', 'PL', 'unknown'];
const CAMPAIGNS = Array.from({ length: 24 }, (_, i) => `campaign-${String(i + 1).padStart(2, '0')}`);
/** Share of the events that are views (the rest are clicks), of views with a referrer, and clicks per link. */
const VIEW_SHARE = 0.7;
const REFERRED_SHARE = 0.6;
/** Share of the views that come from the long tail of small sources (newsletters, blogs, one-off posts). */
const TAIL_SHARE = 0.25;
/** Days each long-tail source sends visitors on. */
const TAIL_DAYS = 2;
const LINK_WEIGHTS = [35, 25, 20, 12, 8];
/** How long the worker remembers an event's id (aggregate-analytics.use-case.ts: SEEN_RETENTION_MS). */
const SEEN_DAYS = 14;

/** The name of the long tail's source number `n` (visits and sales share them). */
const tailSource = (n) => `source-${String(n).padStart(5, '0')}.example`;

/**
 * The rollups the worker would have written for `total` views and clicks of one creator spread over the last
 * `days` UTC days (weekly waves on a rising trend): the page's days with unique visitors, and the breakdowns
 * by referrer, source (a few big ones and a long tail of `sources` in all, each seen on a couple of days),
 * medium, campaign, country, device and link, the event ids it would still remember, and `sales` paid sales
 * (bookings, product orders and tips, one in twenty refunded in half) attributed to those sources.
 * Returns { views, clicks, seenIds, breakdownRows, sales }.
 */
export function addAnalyticsHistory(
  databaseUrl,
  ownerId,
  linkIds,
  { total = 1_000_000, days = 90, sources = 10_000, sales = 5_000 } = {},
) {
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const dayList = Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
  const perDay = split(
    total,
    dayList.map((_, i) => 1 + 0.4 * Math.sin((i / 7) * 2 * Math.PI) + i / days),
  );
  // The long tail: source n is seen on TAIL_DAYS days spread over the period.
  const tailSources = Math.max(0, sources - REFERRERS.length);
  const tailByDay = dayList.map(() => []);
  for (let n = 1; n <= tailSources; n += 1) {
    for (let k = 0; k < TAIL_DAYS; k += 1)
      tailByDay[(n * 7 + k * Math.ceil(days / TAIL_DAYS)) % days].push(tailSource(n));
  }
  const rows = { daily: [], breakdown: [] };
  const linkTotals = new Map(linkIds.map((id) => [id, 0]));
  let views = 0;
  let clicks = 0;
  let recent = 0;
  const unique = (count) => Math.round(count * 0.8);
  dayList.forEach((day, i) => {
    const [dayViews, dayClicks] = split(perDay[i], [VIEW_SHARE, 1 - VIEW_SHARE]);
    views += dayViews;
    clicks += dayClicks;
    if (i >= days - SEEN_DAYS) recent += perDay[i];
    rows.daily.push({ owner_id: ownerId, day, views: dayViews, clicks: dayClicks, unique_visitors: unique(dayViews) });
    // One dimension's keys for the day, the day's views and clicks split between them by weight.
    const add = (dimension, weighted, viewTotal = dayViews, clickTotal = dayClicks) => {
      const weights = weighted.map(([, w]) => w);
      const viewParts = split(viewTotal, weights);
      const clickParts = split(clickTotal, weights);
      weighted.forEach(([key], k) =>
        rows.breakdown.push({
          owner_id: ownerId,
          dimension,
          day,
          key,
          views: viewParts[k],
          unique_visitors: unique(viewParts[k]),
          clicks: clickParts[k],
        }),
      );
    };
    const tail = tailByDay[i];
    const tailViews = tail.length ? Math.round(dayViews * TAIL_SHARE) : 0;
    const tailClicks = tail.length ? Math.round(dayClicks * TAIL_SHARE) : 0;
    add('referrer', [...REFERRERS, ['', 100 / REFERRED_SHARE - 100]]);
    add('source', [...REFERRERS, ['', 100 / REFERRED_SHARE - 100]], dayViews - tailViews, dayClicks - tailClicks);
    if (tail.length)
      add(
        'source',
        tail.map((source, k) => [source, 1 + (k % 5)]),
        tailViews,
        tailClicks,
      );
    add('medium', MEDIUMS);
    add('campaign', [['', 50], ...CAMPAIGNS.map((campaign, k) => [campaign, 1 + ((k + i) % 6)])]);
    add(
      'country',
      COUNTRIES.map((country, k) => [country, COUNTRIES.length - k]),
    );
    add('device', DEVICES);
    if (linkIds.length)
      add(
        'link',
        linkIds.map((id, k) => [id, LINK_WEIGHTS[k % LINK_WEIGHTS.length]]),
        0,
        dayClicks,
      );
    split(dayClicks, LINK_WEIGHTS.slice(0, linkIds.length)).forEach((count, k) =>
      linkTotals.set(linkIds[k], linkTotals.get(linkIds[k]) + count),
    );
  });
  const totals = [...linkTotals].map(([link_id, count]) => ({ link_id, owner_id: ownerId, clicks: count }));

  return withDatabase(databaseUrl, async (db) => {
    const insert = async (table, columns, types, data) => {
      for (let start = 0; start < data.length; start += 20_000) {
        await db.query(`insert into ${table} (${columns}) select * from jsonb_to_recordset($1::jsonb) as r(${types})`, [
          JSON.stringify(data.slice(start, start + 20_000)),
        ]);
      }
    };
    await insert(
      'analytics_daily',
      'owner_id, day, views, clicks, unique_visitors',
      'owner_id uuid, day date, views int, clicks int, unique_visitors int',
      rows.daily,
    );
    await insert(
      'analytics_breakdown_daily',
      'owner_id, dimension, day, key, views, unique_visitors, clicks',
      'owner_id uuid, dimension text, day date, key text, views int, unique_visitors int, clicks int',
      rows.breakdown,
    );
    await insert(
      'analytics_link_totals',
      'link_id, owner_id, clicks',
      'link_id uuid, owner_id uuid, clicks bigint',
      totals,
    );
    await db.query(
      `insert into analytics_seen_events (id, seen_at)
       select gen_random_uuid(), now() - random() * make_interval(days => $2) from generate_series(1, $1)`,
      [recent, SEEN_DAYS],
    );
    await addSales(db, ownerId, { sales, days, tailSources });
    return { views, clicks, seenIds: recent, breakdownRows: rows.breakdown.length, sales };
  });
}

/**
 * `count` paid sales of the creator over the last `days` days, as checkout records them: a third bookings, the
 * rest product orders and tips; attributed to a big source, a long-tail one or none, with a medium, a campaign
 * and a country; one in twenty refunded in half (a refund that succeeded).
 */
async function addSales(db, ownerId, { sales: count, days, tailSources }) {
  const attribution = `
    case when n % 4 = 0 then null when n % 4 = 1 then 'instagram.com'
         else 'source-' || lpad((1 + (n * 37) % greatest($4::int, 1))::text, 5, '0') || '.example' end,
    case when n % 3 = 0 then 'social' end,
    case when n % 5 = 0 then 'campaign-' || lpad((1 + n % 24)::text, 2, '0') end,
    (array['US', 'GB', 'DE', 'FR', 'BR', 'JP', null])[1 + n % 7]`;
  const paidAt = `now() - make_interval(secs => (n * 7919) % ($3::int * 86400 - 60) + 60)`;
  await db.query(
    `insert into bookings (id, creator_id, customer_name, customer_email, user_amount, platform_fee, amount, status, created_at, paid_at,
                           source, medium, campaign, country)
     select gen_random_uuid(), $1, 'Bench visitor', 'visitor-' || n || '@example.com', 3600, 400, 4000, 'paid', ${paidAt}, ${paidAt},
            ${attribution}
       from generate_series(1, $2::int) as n`,
    [ownerId, Math.round(count / 3), days, tailSources],
  );
  await db.query(
    `insert into orders (id, creator_id, kind, title, customer_email, amount, user_amount, platform_fee, status, created_at, paid_at,
                         source, medium, campaign, country)
     select gen_random_uuid(), $1, case when n % 2 = 0 then 'tip' else 'product' end, 'Bench guide', 'buyer-' || n || '@example.com',
            1000 + (n % 40) * 100, 900 + (n % 40) * 100, 100, 'paid', ${paidAt}, ${paidAt}, ${attribution}
       from generate_series(1, $2::int) as n`,
    [ownerId, count - Math.round(count / 3), days, tailSources],
  );
  for (const [table, column] of [
    ['bookings', 'booking_id'],
    ['orders', 'order_id'],
  ]) {
    await db.query(
      `insert into refunds (id, ${column}, amount, reason, status, provider_refund_id, created_at, updated_at)
       select gen_random_uuid(), id, amount / 2, 'at_provider', 'succeeded', 're_bench_' || id, now(), now()
         from ${table} where creator_id = $1 and get_byte(uuid_send(id), 15) % 20 = 0`,
      [ownerId],
    );
  }
}

/** `count` more creators (a fixed, unusable password hash), each with `linksEach` active links. */
export function addCreators(databaseUrl, count, linksEach) {
  return withDatabase(databaseUrl, async (db) => {
    await db.query(
      `insert into users (id, username, email, password_hash, display_name, bio, enable_booking, booking_price, created_at, updated_at)
       select gen_random_uuid(), 'creator-' || lpad(n::text, 6, '0'), 'creator-' || lpad(n::text, 6, '0') || '@example.com',
              '$argon2id$v=19$m=65536,t=3,p=4$YmVuY2gtc2FsdA$bm90LWEtcmVhbC1oYXNoLWZvci10aGUtYmVuY2g',
              'Creator ' || n, 'Photos, recipes and weekly videos from creator ' || n, n % 3 = 0,
              case when n % 3 = 0 then 2500 end, now() - make_interval(mins => n), now()
         from generate_series(1, $1) as n`,
      [count],
    );
    await db.query(
      `insert into links (id, owner_id, title, url, is_active, position, created_at, updated_at)
       select gen_random_uuid(), u.id, 'Link ' || k, 'https://example.com/' || u.username || '/' || k, true, k - 1, now(), now()
         from users u cross join generate_series(1, $1) as k
        where u.username like 'creator-%'`,
      [linksEach],
    );
  });
}

/**
 * Vacuumed and analysed tables, and a checkpoint where allowed, as a running database would have them long after
 * such growth: the rows measured next are not measured beside autovacuum or a checkpoint catching up.
 */
export function settleTables(databaseUrl) {
  return withDatabase(databaseUrl, async (db) => {
    await db.query(
      'vacuum analyze users, links, analytics_daily, analytics_breakdown_daily, analytics_link_totals, analytics_seen_events, bookings, orders, refunds',
    );
    await db.query('checkpoint').catch(() => undefined); // superusers only
  });
}
