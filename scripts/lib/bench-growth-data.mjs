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
/** Share of the events that are views (the rest are clicks), of views with a referrer, and clicks per link. */
const VIEW_SHARE = 0.7;
const REFERRED_SHARE = 0.6;
const LINK_WEIGHTS = [35, 25, 20, 12, 8];
/** How long the worker remembers an event's id (aggregate-analytics.use-case.ts: SEEN_RETENTION_MS). */
const SEEN_DAYS = 14;

/**
 * The rollups the worker would have written for `total` views and clicks of one creator spread over the last
 * `days` UTC days (weekly waves on a rising trend), their links, a few referrers and the three device classes,
 * and the event ids it would still remember. Returns { views, clicks }.
 */
export function addAnalyticsHistory(databaseUrl, ownerId, linkIds, { total = 1_000_000, days = 90 } = {}) {
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const dayList = Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
  const perDay = split(
    total,
    dayList.map((_, i) => 1 + 0.4 * Math.sin((i / 7) * 2 * Math.PI) + i / days),
  );
  const rows = { daily: [], linkDaily: [], referrers: [], devices: [] };
  const linkTotals = new Map(linkIds.map((id) => [id, 0]));
  let views = 0;
  let clicks = 0;
  let recent = 0;
  dayList.forEach((day, i) => {
    const [dayViews, dayClicks] = split(perDay[i], [VIEW_SHARE, 1 - VIEW_SHARE]);
    views += dayViews;
    clicks += dayClicks;
    if (i >= days - SEEN_DAYS) recent += perDay[i];
    rows.daily.push({ owner_id: ownerId, day, views: dayViews, clicks: dayClicks });
    split(dayClicks, LINK_WEIGHTS.slice(0, linkIds.length)).forEach((count, k) => {
      rows.linkDaily.push({ link_id: linkIds[k], day, owner_id: ownerId, clicks: count });
      linkTotals.set(linkIds[k], linkTotals.get(linkIds[k]) + count);
    });
    const referred = Math.round(dayViews * REFERRED_SHARE);
    split(
      referred,
      REFERRERS.map(([, w]) => w),
    ).forEach((count, k) => rows.referrers.push({ owner_id: ownerId, day, host: REFERRERS[k][0], views: count }));
    split(
      dayViews,
      DEVICES.map(([, w]) => w),
    ).forEach((count, k) => rows.devices.push({ owner_id: ownerId, day, device: DEVICES[k][0], views: count }));
  });
  const totals = [...linkTotals].map(([link_id, count]) => ({ link_id, owner_id: ownerId, clicks: count }));

  return withDatabase(databaseUrl, async (db) => {
    const insert = (table, columns, types, data) =>
      db.query(`insert into ${table} (${columns}) select * from jsonb_to_recordset($1::jsonb) as r(${types})`, [
        JSON.stringify(data),
      ]);
    await insert(
      'analytics_daily',
      'owner_id, day, views, clicks',
      'owner_id uuid, day date, views int, clicks int',
      rows.daily,
    );
    await insert(
      'analytics_link_daily',
      'link_id, day, owner_id, clicks',
      'link_id uuid, day date, owner_id uuid, clicks int',
      rows.linkDaily,
    );
    await insert(
      'analytics_link_totals',
      'link_id, owner_id, clicks',
      'link_id uuid, owner_id uuid, clicks bigint',
      totals,
    );
    await insert(
      'analytics_referrer_daily',
      'owner_id, day, host, views',
      'owner_id uuid, day date, host text, views int',
      rows.referrers,
    );
    await insert(
      'analytics_device_daily',
      'owner_id, day, device, views',
      'owner_id uuid, day date, device text, views int',
      rows.devices,
    );
    await db.query(
      `insert into analytics_seen_events (id, seen_at)
       select gen_random_uuid(), now() - random() * make_interval(days => $2) from generate_series(1, $1)`,
      [recent, SEEN_DAYS],
    );
    return { views, clicks, seenIds: recent };
  });
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
      'vacuum analyze users, links, analytics_daily, analytics_link_daily, analytics_link_totals, analytics_referrer_daily, analytics_device_daily, analytics_seen_events',
    );
    await db.query('checkpoint').catch(() => undefined); // superusers only
  });
}
