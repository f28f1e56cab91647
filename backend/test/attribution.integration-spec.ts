import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { INestApplication } from '@nestjs/common';
import type { AccountExport, Attribution } from '@linkbio/shared-contracts';
import request from 'supertest';
import { agent, Database, signedInCreator, startApp, uniqueIp, type Agent } from './support/harness.js';
import { card } from './support/paid-bookings.js';

/*
 * A visit's attribution carried from the bio page to what it leads to (issue 29), over HTTP on real PostgreSQL
 * and Redis with public-app's build and the shipped country database: the campaign parameters of the bio page's
 * address (else the referring host) ride in the links it renders, the booking, product and tip pages hand them to
 * their checkout, and the booking, order and tip keep them with the buyer's country (never the address) through
 * payment and refund, as the data export lists them.
 */

const SERVER_ENTRY = fileURLToPath(new URL('../../public-app/dist/server/entry-server.js', import.meta.url));
const SPRING = 'utm_source=newsletter&utm_medium=email&utm_campaign=spring';
const spring: Attribution = { source: 'newsletter', medium: 'email', campaign: 'spring' };
/** RIPE NCC's own addresses: the Netherlands in the shipped database. */
const dutchAddress = () => `193.0.6.${1 + Math.floor(Math.random() * 254)}`;

/** An HTML attribute's value as the browser reads it. */
const unescapeAttribute = (value: string) =>
  value.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const hrefs = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map(([, href]) => unescapeAttribute(href!));
const attribute = (html: string, name: string) => {
  const found = new RegExp(`${name}="([^"]*)"`).exec(html);
  return found ? unescapeAttribute(found[1]!) : null;
};

describe('attribution from the bio page to paid bookings, sales and tips', () => {
  let app: INestApplication;
  let db: Database;

  beforeAll(async () => {
    if (!existsSync(SERVER_ENTRY)) throw new Error(`No public app build at ${SERVER_ENTRY}: run \`npm run build\` first.`);
    app = await startApp();
    db = new Database();
  });

  afterAll(async () => {
    await db.close();
    await app.close();
  });

  /** A creator taking $40.00 sessions, tips and one product, with one link. */
  async function creator() {
    const signedIn = await signedInCreator(app);
    const { client, user } = signedIn;
    await client.put('/api/users/booking-settings').send({ enableBooking: true, bookingPrice: '40' }).expect(200);
    await db.query('update users set tips_enabled = true where id = $1', [user.id]);
    const productId = randomUUID();
    await db.query(
      `insert into products (id, creator_id, title, price_cents, private_url, visible) values ($1, $2, 'The Guide', 1500, 'https://example.com/guide', true)`,
      [productId, user.id],
    );
    const link = (await client.post('/api/links').send({ title: 'Blog', url: 'https://example.com/blog' }).expect(201)).body as { id: string };
    return { ...signedIn, username: signedIn.details.username, productId, linkId: link.id };
  }

  const page = async (client: Agent, path: string, headers: Record<string, string> = {}) => {
    const response = await client.get(path).set(headers).expect(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    return response;
  };

  const attributionRow = async (table: 'bookings' | 'orders', id: string) =>
    (await db.query(`select source, medium, campaign, country, status from ${table} where id = $1`, [id])).rows[0] as Record<string, unknown>;

  const pay = (clientSecret: string) => agent(app).post('/api/payments/local/confirm').send(card(clientSecret)).expect(200);
  const idOf = async (table: 'bookings' | 'orders', clientSecret: string) =>
    (await db.query<{ id: string }>(`select id from ${table} where payment_intent_id = $1`, [clientSecret.split('_secret_')[0]])).rows[0]!.id;

  it("carries a campaign from the bio page's address to a paid booking, a product order and a tip, with the buyer's country", async () => {
    const c = await creator();
    const visitor = agent(app, dutchAddress());
    // One Host throughout (each supertest request comes to a port of its own), so the pages compare byte for byte.
    const host = { Host: 'linkbio.test' };
    const plain = await page(visitor, `/${c.username}`, host);
    const bio = await page(visitor, `/${c.username}?${SPRING}`, host);
    expect(bio.headers.etag).not.toBe(plain.headers.etag);
    const carried = [`/book/${c.username}`, `/${c.username}/products/${c.productId}`, `/go/${c.linkId}`, `/tip/${c.username}?amount=300`];
    for (const href of carried) {
      expect(hrefs(plain.text)).toContain(href);
      expect(hrefs(bio.text)).toContain(`${href}${href.includes('?') ? '&' : '?'}${SPRING}`);
    }
    // The page without a campaign is still the one it was, from its own cache.
    const plainAgain = await page(visitor, `/${c.username}`, host);
    expect(plainAgain.headers.etag).toBe(plain.headers.etag);
    expect(hrefs(plainAgain.text).some((href) => href.includes('utm_'))).toBe(false);
    // The link's redirect takes the carried query as it is.
    await visitor.get(`/go/${c.linkId}?${SPRING}`).expect(302).expect('Location', 'https://example.com/blog');

    // The booking page keeps it for its script, which sends it with the booking.
    const bookingPage = await page(visitor, `/book/${c.username}?${SPRING}`);
    expect(JSON.parse(attribute(bookingPage.text, 'data-attribution')!)).toEqual(spring);
    expect(attribute((await page(visitor, `/book/${c.username}`)).text, 'data-attribution')).toBeNull();
    const booked = await visitor
      .post(`/api/users/${c.username}/book`)
      .send({ customerName: 'Sam Visitor', customerEmail: 'sam@example.com', attribution: JSON.parse(attribute(bookingPage.text, 'data-attribution')!) })
      .expect(201);
    const bookingSecret = (booked.body as { clientSecret: string }).clientSecret;
    const bookingId = await idOf('bookings', bookingSecret);
    expect(await attributionRow('bookings', bookingId)).toEqual({ ...spring, country: 'NL', status: 'pending_payment' });
    await pay(bookingSecret);
    expect(await attributionRow('bookings', bookingId)).toEqual({ ...spring, country: 'NL', status: 'paid' });

    // The product page's checkout data has it; the order keeps it.
    const productPage = await page(visitor, `/${c.username}/products/${c.productId}?${SPRING}`);
    const productData = JSON.parse(attribute(productPage.text, 'data-checkout')!) as { attribution: Attribution };
    expect(productData.attribution).toEqual(spring);
    const ordered = await agent(app, '81.2.69.160')
      .post(`/api/users/${c.username}/products/${c.productId}/order`)
      .send({ customerName: 'Ada', customerEmail: 'ada@example.com', attribution: productData.attribution })
      .expect(201);
    const orderSecret = (ordered.body as { clientSecret: string }).clientSecret;
    await pay(orderSecret);
    const orderId = await idOf('orders', orderSecret);
    expect(await attributionRow('orders', orderId)).toEqual({ ...spring, country: 'GB', status: 'paid' });

    // The tip page's too; a tip from this very machine (loopback, no forwarded address) has no country.
    const tipPage = await page(visitor, `/tip/${c.username}?amount=300&${SPRING}`);
    const tipData = JSON.parse(attribute(tipPage.text, 'data-checkout')!) as { attribution: Attribution; amountCents: number };
    expect(tipData).toMatchObject({ attribution: spring, amountCents: 300 });
    const tipped = await request(app.getHttpServer())
      .post(`/api/users/${c.username}/tip`)
      .send({ customerEmail: 'fan@example.com', amountCents: tipData.amountCents, attribution: tipData.attribution })
      .expect(201);
    const tipSecret = (tipped.body as { clientSecret: string }).clientSecret;
    await pay(tipSecret);
    const tipId = await idOf('orders', tipSecret);
    expect(await attributionRow('orders', tipId)).toEqual({ ...spring, country: 'unknown', status: 'paid' });

    // The creator's Bookings card shows where it came from.
    const listed = (await c.client.get('/api/bookings').expect(200)).body as { bookings: Array<{ id: string; source: string | null }> };
    expect(listed.bookings.map(({ id, source }) => ({ id, source }))).toEqual([{ id: bookingId, source: 'newsletter' }]);

    // A refund leaves it as it was.
    await c.client.post(`/api/bookings/${bookingId}/cancel`).expect(200);
    await c.client.post(`/api/sales/${orderId}/refund`).expect(200);
    expect(await attributionRow('bookings', bookingId)).toMatchObject({ ...spring, country: 'NL' });
    expect(await attributionRow('orders', orderId)).toMatchObject({ ...spring, country: 'GB' });

    // The data export lists them with the booking and the sales.
    const exported = (await c.client.get('/api/users/me/export').expect(200)).body as AccountExport;
    expect(exported.bookings.map(({ id, source, medium, campaign, country }) => ({ id, source, medium, campaign, country }))).toEqual([
      { id: bookingId, ...spring, country: 'NL' },
    ]);
    expect(exported.sales.map(({ id, source, country }) => ({ id, source, country })).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [
        { id: orderId, source: 'newsletter', country: 'GB' },
        { id: tipId, source: 'newsletter', country: 'unknown' },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
    // The addresses themselves are kept nowhere with them.
    expect(JSON.stringify(exported)).not.toMatch(/193\.0\.6\.|81\.2\.69\.160/);
  });

  it('takes the referring host as the source, unless the referrer is the product itself', async () => {
    const c = await creator();
    const visitor = agent(app, uniqueIp());
    const referred = await page(visitor, `/${c.username}`, { Referer: 'https://www.instagram.com/p/abc?igsh=1' });
    expect(hrefs(referred.text)).toContain(`/book/${c.username}?utm_source=www.instagram.com`);
    const back = await page(visitor, `/${c.username}`, { Referer: `http://127.0.0.1/book/${c.username}`, Host: '127.0.0.1' });
    expect(hrefs(back.text)).toContain(`/book/${c.username}`);
    expect(back.text).not.toContain('utm_source');
  });

  it('escapes what a visitor puts in the address, and takes an attribution of another shape as none', async () => {
    const c = await creator();
    const visitor = agent(app, uniqueIp());
    const hostile = `utm_source=${encodeURIComponent('"><script>alert(1)</script>')}&utm_medium=${encodeURIComponent('javascript:alert(1)')}`;
    const bio = await page(visitor, `/${c.username}?${hostile}`);
    expect(bio.text).not.toMatch(/<script/i);
    const book = hrefs(bio.text).find((href) => href.startsWith(`/book/${c.username}?`))!;
    const url = new URL(book, 'http://localhost');
    expect([url.pathname, url.searchParams.get('utm_source'), url.searchParams.get('utm_medium')]).toEqual([
      `/book/${c.username}`,
      '"><script>alert(1)</script>',
      'javascript:alert(1)',
    ]);

    for (const attribution of ['newsletter', ['newsletter'], 42, { source: 7, medium: { x: 'y' } }, null]) {
      const booked = await agent(app, uniqueIp())
        .post(`/api/users/${c.username}/book`)
        .send({ customerName: 'Sam Visitor', customerEmail: 'sam@example.com', attribution })
        .expect(201);
      const id = await idOf('bookings', (booked.body as { clientSecret: string }).clientSecret);
      expect(await attributionRow('bookings', id)).toEqual({ source: null, medium: null, campaign: null, country: 'unknown', status: 'pending_payment' });
    }
    // Values too long are cut to what the columns keep.
    const ordered = await agent(app, uniqueIp())
      .post(`/api/users/${c.username}/tip`)
      .send({ customerEmail: 'fan@example.com', amountCents: 500, attribution: { source: 's'.repeat(300), medium: 'm'.repeat(150), campaign: 'c'.repeat(150) } })
      .expect(201);
    const tipId = await idOf('orders', (ordered.body as { clientSecret: string }).clientSecret);
    expect(await attributionRow('orders', tipId)).toEqual({
      source: 's'.repeat(255),
      medium: 'm'.repeat(100),
      campaign: 'c'.repeat(100),
      country: 'unknown',
      status: 'pending_payment',
    });
  });
});
