import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { EXPORTS_PER_HOUR, Messages, type AccountExport } from '@linkbio/shared-contracts';
import { agent, Database, signedInCreator, startApp } from './support/harness.js';

/*
 * GET /api/users/me/export over HTTP and PostgreSQL: the signed-in creator downloads everything kept about
 * their account (profile, look, settings, links with clicks, analytics, bookings, payouts, subscriptions,
 * support requests) and nothing of anyone else's; never the password.
 */
describe('downloading one’s data', () => {
  let app: INestApplication;
  let db: Database;

  beforeAll(async () => {
    app = await startApp();
    db = new Database();
  });

  afterAll(async () => {
    await db?.close();
    await app?.close();
  });

  const PAID_AT = new Date('2026-11-02T10:00:00.000Z');
  const AVAILABILITY = {
    timeZone: 'Europe/Berlin',
    sessionMinutes: 45,
    bufferMinutes: 15,
    minNoticeHours: 12,
    horizonDays: 30,
    weekly: [{ day: 1, start: '09:00', end: '12:00' }],
    datesOff: ['2027-01-01'],
    cancellationHours: 24,
  };

  async function creatorWithHistory() {
    const creator = await signedInCreator(app, { bio: 'Yoga teacher' });
    const { client, user } = creator;
    await client.put('/api/users/payout-settings').send({ paypalEmail: 'pay@example.com' }).expect(200);
    await client.put('/api/users/booking-settings').send({ enableBooking: true, bookingPrice: '40' }).expect(200);
    await client.put('/api/users/availability').send(AVAILABILITY).expect(200);
    await client.put('/api/users/reminders').send({ visitor24h: true, visitor1h: false, creator24h: false, creator1h: true }).expect(200);
    const first = (await client.post('/api/links').send({ title: 'Blog', url: 'https://blog.example.com' }).expect(201)).body;
    const second = (await client.post('/api/links').send({ title: 'Shop', url: 'https://shop.example.com' }).expect(201)).body;
    await client.put(`/api/links/${second.id}`).send({ isActive: false }).expect(200);
    // What the worker would have counted, written as it writes it.
    await db.query(`insert into analytics_daily (owner_id, day, views, clicks) values ($1, '2026-11-01', 10, 3), ($1, '2026-11-02', 5, 1)`, [user.id]);
    await db.query(`insert into analytics_link_totals (link_id, owner_id, clicks) values ($1, $2, 4)`, [first.id, user.id]);
    const booking = randomUUID();
    await db.query(
      `insert into bookings (id, creator_id, customer_name, customer_email, customer_phone, message, user_amount, platform_fee, amount, status, created_at, paid_at)
       values ($1, $2, 'Ana Client', 'ana@example.com', '+15550100', 'See you', 3200, 800, 4000, 'paid', $3, $3)`,
      [booking, user.id, PAID_AT],
    );
    await db.query(
      `insert into support_requests (id, creator_id, subject, message, priority, status, created_at)
       values ($1, $2, 'Help', 'How do I…', false, 'open', $3)`,
      [randomUUID(), user.id, PAID_AT],
    );
    // A tip paid for (issue 27), and one never paid (not a sale: not exported).
    const sale = randomUUID();
    await db.query(
      `insert into orders (id, creator_id, kind, title, customer_name, customer_email, message, amount, user_amount, platform_fee, status, created_at, paid_at,
                           source, medium, campaign, country)
       values ($1, $2, 'tip', 'Tip', 'Tess Tipper', 'tess@example.com', 'Thanks!', 600, 500, 100, 'paid', $3, $3, 'newsletter', 'email', 'spring', 'NL'),
              ($4, $2, 'tip', 'Tip', null, 'late@example.com', null, 600, 500, 100, 'expired', $3, null, null, null, null, null)`,
      [sale, user.id, PAID_AT, randomUUID()],
    );
    return { ...creator, links: { first, second }, booking, sale };
  }

  it('answers a JSON file to download with everything kept about the account', async () => {
    const { client, user, details, links, booking, sale } = await creatorWithHistory();
    await client.put('/api/users/socials').send({ socials: [{ platform: 'github', url: '@yoga' }] }).expect(200);

    const response = await client.get('/api/users/me/export').expect(200);

    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="?linkbio-${user.username}-\\d{4}-\\d{2}-\\d{2}\\.json"?$`));
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.body as AccountExport;
    expect(Date.parse(data.exportedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(data.account).toMatchObject({ id: user.id, username: user.username, email: details.email, displayName: details.displayName, bio: 'Yoga teacher', plan: 'free' });
    expect(data.look).toMatchObject({ theme: 'default', buttonShape: 'rounded', socials: [{ platform: 'github', url: 'https://github.com/yoga' }], socialsPosition: 'top' });
    expect(data.settings).toEqual({
      payouts: { paypalEmail: 'pay@example.com', cashappHandle: null },
      booking: { enabled: true, priceCents: 4000 },
      tips: { enabled: false, presetsCents: [300, 500, 1000], message: null },
      availability: AVAILABILITY,
      reminders: { visitor24h: true, visitor1h: false, creator24h: false, creator1h: true },
    });
    expect(data.links.map((l) => [l.id, l.title, l.isActive, l.clicks])).toEqual(
      expect.arrayContaining([
        [links.first.id, 'Blog', true, 4],
        [links.second.id, 'Shop', false, 0],
      ]),
    );
    expect(data.links).toHaveLength(2);
    expect(data.analytics).toEqual({
      totalViews: 15,
      totalClicks: 4,
      daily: [
        { day: '2026-11-01', views: 10, clicks: 3 },
        { day: '2026-11-02', views: 5, clicks: 1 },
      ],
    });
    expect(data.bookings).toEqual([
      {
        id: booking,
        customerName: 'Ana Client',
        customerEmail: 'ana@example.com',
        customerPhone: '+15550100',
        message: 'See you',
        amountCents: 4000,
        yourShareCents: 3200,
        platformFeeCents: 800,
        currency: 'usd',
        status: 'paid',
        createdAt: PAID_AT.toISOString(),
        paidAt: PAID_AT.toISOString(),
        slotStart: null,
        slotEnd: null,
        refundedAt: null,
        sessionName: null,
        location: null,
        answers: [],
        // Made before attribution was kept.
        source: null,
        medium: null,
        campaign: null,
        country: null,
      },
    ]);
    expect(data.sales).toEqual([
      {
        id: sale,
        kind: 'tip',
        title: 'Tip',
        customerName: 'Tess Tipper',
        customerEmail: 'tess@example.com',
        message: 'Thanks!',
        amountCents: 600,
        yourShareCents: 500,
        platformFeeCents: 100,
        discountCents: 0,
        status: 'paid',
        createdAt: PAID_AT.toISOString(),
        paidAt: PAID_AT.toISOString(),
        refundedAt: null,
        source: 'newsletter',
        medium: 'email',
        campaign: 'spring',
        country: 'NL',
      },
    ]);
    expect(data.payouts).toEqual([]);
    expect(data.subscriptions).toEqual([]);
    expect(data.supportRequests).toEqual([{ subject: 'Help', message: 'How do I…', status: 'open', createdAt: PAID_AT.toISOString(), closedAt: null }]);
    expect(JSON.stringify(data)).not.toMatch(/argon2|password/i);
  });

  it('holds nothing of another creator’s', async () => {
    const other = await creatorWithHistory();
    const { client, user } = await signedInCreator(app);

    const data = (await client.get('/api/users/me/export').expect(200)).body as AccountExport;

    expect(data.account.id).toBe(user.id);
    expect(data.links).toEqual([]);
    expect(data.bookings).toEqual([]);
    expect(data.sales).toEqual([]);
    expect(data.settings.availability).toBeNull();
    expect(data.settings.reminders).toEqual({ visitor24h: true, visitor1h: true, creator24h: true, creator1h: true });
    expect(data.analytics).toEqual({ totalViews: 0, totalClicks: 0, daily: [] });
    expect(JSON.stringify(data)).not.toContain(other.user.id);
  });

  it('asks a visitor to sign in', async () => {
    const response = await agent(app).get('/api/users/me/export').expect(401);
    expect(response.body.message).toBe(Messages.notSignedIn);
  });

  it(`allows ${EXPORTS_PER_HOUR} downloads an hour, then answers 429 with when to try again`, async () => {
    const { client } = await signedInCreator(app);
    for (let i = 0; i < EXPORTS_PER_HOUR; i += 1) await client.get('/api/users/me/export').expect(200);

    const refused = await client.get('/api/users/me/export').expect(429);

    expect(refused.body.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
