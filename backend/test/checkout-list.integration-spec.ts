import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { PaymentMessages } from '@linkbio/shared-contracts';
import { agent, unique, uniqueIp, type Database } from './support/harness.js';
import { card, paidBookings } from './support/paid-bookings.js';
import { appWithMailbox, textOf, type TestSmtp } from './support/smtp.js';

/*
 * Joining the creator's e-mail list at checkout (issue 27), over HTTP with real PostgreSQL, Redis and an SMTP
 * server: the booking page offers the box while the creator's list is on; a booker who ticked it is asked to
 * confirm once the booking is paid — not before, and not when the payment is confirmed twice; one who did not
 * tick it, or whose creator's list is off, is never asked; a joinList that is not a boolean is a
 * 400 that books nothing. A buyer who ticked it is asked once their order is paid.
 */

describe('joining the list at checkout', () => {
  let app: INestApplication;
  let db: Database;
  let smtp: TestSmtp;
  let close: () => Promise<void>;
  let bookings: ReturnType<typeof paidBookings>;

  beforeAll(async () => {
    delete process.env.STRIPE_SECRET_KEY;
    ({ app, db, smtp, close } = await appWithMailbox('checkout_list', 'http://localhost:3000'));
    bookings = paidBookings(app, db);
  });

  afterAll(() => close?.());

  const subscriberOf = async (creatorId: string, email: string) =>
    (await db.query<{ status: string; source: string }>('select status, source from subscribers where creator_id = $1 and email = $2', [creatorId, email])).rows;

  const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
    for (let i = 0; i < 100; i += 1) {
      const value = await read();
      if (done(value)) return value;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return read();
  };

  const book = (username: string, email: string, extra: Record<string, unknown>) =>
    agent(app, uniqueIp()).post(`/api/users/${username}/book`).send({ customerName: 'Sam Visitor', customerEmail: email, ...extra });

  /** A creator taking bookings, with their e-mail list on (the subscribe block) or not. */
  const creatorWithList = async (on: boolean) => {
    const creator = await bookings.creator(false);
    await creator.client.put('/api/subscribers/settings').send({ enabled: on }).expect(200);
    return creator;
  };

  it('offers the box on the booking page only while the creator’s list is on', async () => {
    const creator = await creatorWithList(true);
    const page = async () => (await agent(app).get(`/book/${creator.details.username}`).expect(200)).text;
    expect(await page()).toContain('data-list="true"');
    expect(await page()).toContain('Join my e-mail list');
    await creator.client.put('/api/subscribers/settings').send({ enabled: false }).expect(200);
    expect(await page()).not.toContain('data-list');
    expect(await page()).not.toContain('Join my e-mail list');
  });

  it('asks a booker who ticked the box to confirm once paid, and only once', async () => {
    const creator = await creatorWithList(true);
    const email = `${unique('joiner')}@example.com`;
    const booked = await book(creator.details.username, email, { joinList: true }).expect(201);
    const clientSecret = (booked.body as { clientSecret: string }).clientSecret;
    // Not paid yet: not asked.
    expect(await subscriberOf(creator.user.id, email)).toEqual([]);

    await agent(app).post('/api/payments/local/confirm').send(card(clientSecret)).expect(200);
    expect(await subscriberOf(creator.user.id, email)).toEqual([{ status: 'pending', source: 'checkout' }]);
    const asked = await until(
      async () => smtp.mails.filter((mail) => mail.to.includes(email) && textOf(mail).includes('/list/confirm/')),
      (mails) => mails.length > 0,
    );
    expect(asked).toHaveLength(1);

    // The same payment confirmed again changes nothing, and asks nothing more.
    await agent(app).post('/api/payments/local/confirm').send(card(clientSecret));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await subscriberOf(creator.user.id, email)).toEqual([{ status: 'pending', source: 'checkout' }]);
    expect(smtp.mails.filter((mail) => mail.to.includes(email) && textOf(mail).includes('/list/confirm/'))).toHaveLength(1);
  });

  it('never asks a booker who did not tick the box, nor one whose creator has no list on', async () => {
    const creator = await creatorWithList(true);
    const { email } = await bookings.booking(creator.details.username);
    expect(await subscriberOf(creator.user.id, email)).toEqual([]);

    const listless = await creatorWithList(false);
    const ticked = `${unique('ticked')}@example.com`;
    const booked = await book(listless.details.username, ticked, { joinList: true }).expect(201);
    await agent(app).post('/api/payments/local/confirm').send(card((booked.body as { clientSecret: string }).clientSecret)).expect(200);
    expect(await subscriberOf(listless.user.id, ticked)).toEqual([]);
  });

  it('asks a buyer who ticked the box to confirm once their order is paid; the product page offers the box only with the list on', async () => {
    const creator = await creatorWithList(true);
    const productId = randomUUID();
    await db.query(
      `insert into products (id, creator_id, title, price_cents, private_url) values ($1, $2, 'A guide', 1500, 'https://example.com/guide')`,
      [productId, creator.user.id],
    );
    const productPage = async () => (await agent(app).get(`/${creator.details.username}/products/${productId}`).expect(200)).text;
    expect(await productPage()).toContain('&quot;offersList&quot;:true');

    const email = `${unique('buyer')}@example.com`;
    const ordered = await agent(app, uniqueIp())
      .post(`/api/users/${creator.details.username}/products/${productId}/order`)
      .send({ customerName: 'Ada Buyer', customerEmail: email, joinList: true })
      .expect(201);
    expect(await subscriberOf(creator.user.id, email)).toEqual([]);
    await agent(app).post('/api/payments/local/confirm').send(card((ordered.body as { clientSecret: string }).clientSecret)).expect(200);
    expect(await until(() => subscriberOf(creator.user.id, email), (rows) => rows.length > 0)).toEqual([{ status: 'pending', source: 'checkout' }]);

    await creator.client.put('/api/subscribers/settings').send({ enabled: false }).expect(200);
    expect(await productPage()).toContain('&quot;offersList&quot;:false');
  });

  it.each([['yes'], [1], [{}], [[true]]])('refuses joinList %j with a 400 and books nothing', async (joinList) => {
    const creator = await bookings.creator(false);
    const refused = await book(creator.details.username, `${unique('bad')}@example.com`, { joinList }).expect(400);
    expect(refused.body.message).toBe(PaymentMessages.joinListInvalid);
    expect((await db.query('select 1 from bookings where creator_id = $1', [creator.user.id])).rowCount).toBe(0);
  });
});
