import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { COUPON_CHECKS_PER_IP_PER_10_MINUTES, CouponMessages, Messages, saleAmounts, type CouponView } from '@linkbio/shared-contracts';
import { BillingSweepProcessor } from '../src/modules/billing/jobs/billing-sweep.processor.js';
import { couponsOver } from './support/coupons.js';
import { agent, signedInCreator, unique, uniqueIp, type Database } from './support/harness.js';
import { card, dateIn, paidBookings } from './support/paid-bookings.js';
import { appWithMailbox } from './support/smtp.js';

/*
 * Coupons over HTTP (real PostgreSQL and Redis, the local payment provider): the creator's CRUD with its bad
 * inputs, the visitor's check before paying, a booking charged the discounted price and its fee exactly, the
 * last use of a coupon going to one of many concurrent buyers, and a use given back when a hold runs out or a
 * request is replaced, then taken back when the payment comes after all.
 */

describe('coupons over HTTP', () => {
  let app: INestApplication;
  let db: Database;
  let close: () => Promise<void>;
  let bookings: ReturnType<typeof paidBookings>;

  beforeAll(async () => {
    // A database of its own: the billing sweep this spec runs acts on every row.
    delete process.env.STRIPE_SECRET_KEY;
    ({ app, db, close } = await appWithMailbox('coupons', 'http://localhost:3000'));
    bookings = paidBookings(app, db);
  });

  afterAll(() => close?.());

  const { couponCount, couponRow, redemptionOf, made, create, productOf, check, book, bookingIdOf } = couponsOver(() => ({ app, db }));

  describe('the creator’s coupons', () => {
    it('adds, lists with uses, and deletes; a code is unique per creator whatever its case', async () => {
      const creator = await signedInCreator(app);
      const product = await productOf(creator.user.id);
      const percent = await made(creator, { code: 'Spring-25', percentOff: 25, appliesTo: 'all' });
      expect(percent).toMatchObject({ code: 'Spring-25', percentOff: 25, amountOffCents: null, appliesTo: 'all', expiresAt: null, maxRedemptions: null, uses: 0 });
      const expiresAt = new Date(Date.now() + 7 * 24 * 3_600_000).toISOString();
      const amount = await made(creator, { code: 'five_off', amountOffCents: 500, appliesTo: product.toUpperCase(), expiresAt, maxRedemptions: 10 });
      expect(amount).toMatchObject({ percentOff: null, amountOffCents: 500, appliesTo: product, expiresAt, maxRedemptions: 10 });

      const taken = await create(creator, { code: 'SPRING-25', percentOff: 10, appliesTo: 'sessions' }).expect(409);
      expect(taken.body.message).toBe(CouponMessages.codeTaken);
      // Another creator may use the same code.
      await made(await signedInCreator(app), { code: 'spring-25', percentOff: 10, appliesTo: 'sessions' });

      const list = (await creator.client.get('/api/coupons').expect(200)).body as CouponView[];
      expect(list.map((coupon) => coupon.code)).toEqual(['five_off', 'Spring-25']);

      expect((await creator.client.delete(`/api/coupons/${percent.id}`).expect(200)).body).toEqual({ message: CouponMessages.deleted });
      expect(((await creator.client.get('/api/coupons').expect(200)).body as CouponView[]).map((coupon) => coupon.id)).toEqual([amount.id]);
      await creator.client.delete(`/api/coupons/${percent.id}`).expect(404);
      // Deleted, its code is free again.
      await made(creator, { code: 'spring-25', percentOff: 30, appliesTo: 'all' });
    });

    it('refuses every bad input with a 400 that says what is wrong, and changes nothing', async () => {
      const creator = await signedInCreator(app);
      const others = await productOf((await signedInCreator(app)).user.id);
      const valid = { code: 'GOOD1', percentOff: 10, appliesTo: 'all' };
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ ...valid, code: undefined }, CouponMessages.code],
        [{ ...valid, code: 'ab' }, CouponMessages.code],
        [{ ...valid, code: 'x'.repeat(33) }, CouponMessages.code],
        [{ ...valid, code: 'two words' }, CouponMessages.code],
        [{ ...valid, code: 'café' }, CouponMessages.code],
        [{ ...valid, code: 12345 }, CouponMessages.code],
        [{ ...valid, percentOff: 0 }, CouponMessages.percentOff],
        [{ ...valid, percentOff: 101 }, CouponMessages.percentOff],
        [{ ...valid, percentOff: 12.5 }, CouponMessages.percentOff],
        [{ ...valid, percentOff: '10' }, CouponMessages.percentOff],
        [{ ...valid, percentOff: undefined }, CouponMessages.oneDiscount],
        [{ ...valid, amountOffCents: 100 }, CouponMessages.oneDiscount],
        [{ ...valid, percentOff: undefined, amountOffCents: 0 }, CouponMessages.amountOffCents],
        [{ ...valid, percentOff: undefined, amountOffCents: -5 }, CouponMessages.amountOffCents],
        [{ ...valid, percentOff: undefined, amountOffCents: 1_000_001 }, CouponMessages.amountOffCents],
        [{ ...valid, appliesTo: undefined }, CouponMessages.appliesTo],
        [{ ...valid, appliesTo: 'everything' }, CouponMessages.appliesTo],
        [{ ...valid, appliesTo: 'not-a-uuid' }, CouponMessages.appliesTo],
        [{ ...valid, appliesTo: others }, CouponMessages.productNotYours],
        [{ ...valid, appliesTo: randomUUID() }, CouponMessages.productNotYours],
        [{ ...valid, expiresAt: 'next week' }, CouponMessages.expiresAt],
        [{ ...valid, expiresAt: '2020-01-01T00:00:00Z' }, CouponMessages.expiresInPast],
        [{ ...valid, maxRedemptions: 0 }, CouponMessages.maxRedemptions],
        [{ ...valid, maxRedemptions: 2.5 }, CouponMessages.maxRedemptions],
        [{ ...valid, owner: 'me' }, Messages.unexpectedField('owner')],
      ];
      const before = await couponCount();
      for (const [body, message] of cases) {
        const answer = await create(creator, body);
        expect([JSON.stringify(body), answer.status, answer.body.message]).toEqual([JSON.stringify(body), 400, message]);
      }
      expect(await couponCount()).toBe(before);
    });

    it('keeps each creator’s coupons to themselves', async () => {
      const owner = await signedInCreator(app);
      const coupon = await made(owner, { code: 'MINE', percentOff: 10, appliesTo: 'all' });
      const other = await signedInCreator(app);
      const answer = await other.client.delete(`/api/coupons/${coupon.id}`).expect(404);
      expect(answer.body.message).toBe(CouponMessages.notFound);
      await other.client.delete('/api/coupons/not-an-id').expect(404);
      expect((await other.client.get('/api/coupons').expect(200)).body).toEqual([]);
      await agent(app).get('/api/coupons').expect(401);
      await agent(app).post('/api/coupons').send({ code: 'ANON', percentOff: 10, appliesTo: 'all' }).expect(401);
      expect((await couponRow(coupon.id)).deleted_at).toBeNull();
    });
  });

  describe('the check before paying', () => {
    it('gives the price with the code and the fee on the discounted price', async () => {
      const creator = await bookings.creator(false);
      const product = await productOf(creator.user.id, { priceCents: 2000 });
      const pwyw = await productOf(creator.user.id, { minPriceCents: 500 });
      await made(creator, { code: 'TEN', amountOffCents: 1000, appliesTo: 'all' });
      await made(creator, { code: 'QUARTER', percentOff: 25, appliesTo: 'sessions' });

      const session = (await check(creator.details.username, { code: 'quarter', target: 'session' }).expect(200)).body;
      expect(session).toEqual({ code: 'QUARTER', priceBeforeCents: 4000, priceAfterCents: 3000, discountCents: 1000, ...saleAmounts(3000) });
      expect(session).toMatchObject({ amount: 3600, userAmount: 3000, platformFee: 600 });
      expect((await check(creator.details.username, { code: 'TEN', target: product }).expect(200)).body).toEqual({
        code: 'TEN', priceBeforeCents: 2000, priceAfterCents: 1000, discountCents: 1000, amount: 1200, userAmount: 1000, platformFee: 200,
      });
      // Pay what you want: on the amount the buyer means to pay, never below $1.00.
      expect((await check(creator.details.username, { code: 'ten', target: pwyw, amountCents: 1050 }).expect(200)).body).toMatchObject({
        priceBeforeCents: 1050, priceAfterCents: 100, discountCents: 950, amount: 120,
      });

      const refused: Array<[Record<string, unknown>, number, string]> = [
        [{ code: 'NOPE', target: 'session' }, 400, CouponMessages.invalidCode],
        [{ code: 'QUARTER', target: product }, 400, CouponMessages.wrongTarget],
        [{ code: 'TEN', target: pwyw }, 400, CouponMessages.amountRequired],
        [{ code: 'TEN', target: pwyw, amountCents: 499 }, 400, CouponMessages.amountBelowMinimum(500)],
        [{ code: 'TEN', target: randomUUID() }, 400, CouponMessages.productUnavailable],
        [{ code: 'TEN', target: 'sessions' }, 400, CouponMessages.target],
        [{ code: '', target: 'session' }, 400, CouponMessages.checkCode],
        [{ code: 'TEN', target: 'session', amountCents: 0 }, 400, CouponMessages.amountCents],
      ];
      for (const [body, status, message] of refused) {
        const answer = await check(creator.details.username, body);
        expect([JSON.stringify(body), answer.status, answer.body.message]).toEqual([JSON.stringify(body), status, message]);
      }
      await check('nobody-at-all', { code: 'TEN', target: 'session' }).expect(404);
      // Checking takes no use.
      expect((await db.query("select sum(uses)::int as uses from coupons where creator_id = $1", [creator.user.id])).rows[0]).toEqual({ uses: 0 });
    });

    it('is limited per client address, as the other public calls are', async () => {
      const creator = await bookings.creator(false);
      await made(creator, { code: 'GUESS', percentOff: 10, appliesTo: 'all' });
      const ip = uniqueIp();
      for (let i = 0; i < COUPON_CHECKS_PER_IP_PER_10_MINUTES; i += 1) {
        await agent(app, ip).post(`/api/users/${creator.details.username}/coupons/check`).send({ code: `TRY${i}`, target: 'session' }).expect(400);
      }
      const limited = await agent(app, ip).post(`/api/users/${creator.details.username}/coupons/check`).send({ code: 'GUESS', target: 'session' }).expect(429);
      expect(limited.body.message).toMatch(/^Too many coupon checks\. Please try again in \d+ minutes?\.$/);
      await agent(app).post(`/api/users/${creator.details.username}/coupons/check`).send({ code: 'GUESS', target: 'session' }).expect(200);
    });

    it('refuses an expired, used-up or deleted code with the reason', async () => {
      const creator = await bookings.creator(false);
      const expired = await made(creator, { code: 'OLD', percentOff: 10, appliesTo: 'all', expiresAt: new Date(Date.now() + 60_000).toISOString() });
      await db.query("update coupons set expires_at = now() - interval '1 second' where id = $1", [expired.id]);
      const used = await made(creator, { code: 'ONCE', percentOff: 10, appliesTo: 'all', maxRedemptions: 1 });
      await db.query('update coupons set uses = 1 where id = $1', [used.id]);
      const gone = await made(creator, { code: 'GONE', percentOff: 10, appliesTo: 'all' });
      await creator.client.delete(`/api/coupons/${gone.id}`).expect(200);
      for (const [code, message] of [['OLD', CouponMessages.expired], ['ONCE', CouponMessages.usedUp], ['GONE', CouponMessages.invalidCode]]) {
        expect((await check(creator.details.username, { code, target: 'session' }).expect(400)).body.message).toBe(message);
        expect((await book(creator.details.username, { couponCode: code }).expect(400)).body.message).toBe(message);
      }
      expect((await db.query('select count(*)::int as n from bookings where creator_id = $1', [creator.user.id])).rows[0]).toEqual({ n: 0 });
    });
  });

  describe('a product order with a coupon', () => {
    const order = (username: string, productId: string, body: Record<string, unknown>) =>
      agent(app, uniqueIp())
        .post(`/api/users/${username}/products/${productId}/order`)
        .send({ customerName: 'Ada Buyer', customerEmail: `${unique('b')}@example.com`, ...body });
    const orderIdOf = async (clientSecret: string) =>
      (await db.query<{ id: string }>('select id from orders where payment_intent_id = $1', [clientSecret.split('_secret_')[0]])).rows[0]!.id;

    it('charges what the check showed, counts one use, and credits the creator the discounted price', async () => {
      const creator = await signedInCreator(app);
      const product = await productOf(creator.user.id, { priceCents: 2000 });
      const coupon = await made(creator, { code: 'GUIDE25', percentOff: 25, appliesTo: product, maxRedemptions: 2 });
      const shown = (await check(creator.details.username, { code: 'guide25', target: product }).expect(200)).body;
      expect(shown).toMatchObject({ priceBeforeCents: 2000, priceAfterCents: 1500, discountCents: 500, ...saleAmounts(1500) });

      const placed = await order(creator.details.username, product, { couponCode: 'guide25' }).expect(201);
      expect(placed.body).toMatchObject({ amount: shown.amount, userAmount: 1500, platformFee: shown.platformFee, discountCents: 500 });
      const id = await orderIdOf(placed.body.clientSecret as string);
      expect(await redemptionOf(id)).toEqual({ discount_cents: 500, released_at: null });
      await agent(app).post('/api/payments/local/confirm').send(card(placed.body.clientSecret as string)).expect(200);
      const ledger = (await db.query('select kind, amount from ledger_entries where order_id = $1', [id])).rows;
      expect(ledger).toEqual([{ kind: 'earning', amount: 1500 }]);
      expect((await couponRow(coupon.id)).uses).toBe(1);
    });

    it('refuses a code for sessions, another product or used up, and stores no order', async () => {
      const creator = await signedInCreator(app);
      const product = await productOf(creator.user.id);
      const other = await productOf(creator.user.id);
      await made(creator, { code: 'TALKS', percentOff: 10, appliesTo: 'sessions' });
      await made(creator, { code: 'OTHER', percentOff: 10, appliesTo: other });
      const once = await made(creator, { code: 'ONCE', amountOffCents: 300, appliesTo: 'all', maxRedemptions: 1 });
      await db.query('update coupons set uses = 1 where id = $1', [once.id]);
      for (const [code, message] of [
        ['TALKS', CouponMessages.wrongTarget],
        ['OTHER', CouponMessages.wrongTarget],
        ['ONCE', CouponMessages.usedUp],
        ['NOPE', CouponMessages.invalidCode],
      ] as const) {
        const refused = await order(creator.details.username, product, { couponCode: code }).expect(400);
        expect(refused.body.message).toBe(message);
      }
      expect((await db.query('select count(*)::int as n from orders where creator_id = $1', [creator.user.id])).rows[0]).toEqual({ n: 0 });
    });
  });

  describe('a booking with a coupon', () => {
    it('is charged the discounted price and its fee exactly, and counts one use', async () => {
      const creator = await bookings.creator(false);
      const coupon = await made(creator, { code: 'HALF', percentOff: 50, appliesTo: 'sessions', maxRedemptions: 5 });
      const booked = await book(creator.details.username, { couponCode: 'half' }).expect(201);
      expect(booked.body).toMatchObject({ amount: 2400, userAmount: 2000, platformFee: 400, discountCents: 2000 });
      const clientSecret = (booked.body as { clientSecret: string }).clientSecret;
      const id = await bookingIdOf(clientSecret);
      expect(await redemptionOf(id)).toEqual({ discount_cents: 2000, released_at: null });
      expect((await couponRow(coupon.id)).uses).toBe(1);

      await agent(app).post('/api/payments/local/confirm').send(card(clientSecret)).expect(200);
      const [row] = (await db.query('select status, amount, user_amount, platform_fee from bookings where id = $1', [id])).rows;
      expect(row).toEqual({ status: 'paid', amount: 2400, user_amount: 2000, platform_fee: 400 });
      expect(await bookings.ledgerOf(id)).toEqual([{ kind: 'earning', amount: 2000 }]);
      expect(((await creator.client.get('/api/coupons').expect(200)).body as CouponView[])[0]).toMatchObject({ uses: 1, maxRedemptions: 5 });
      // Without a code, the full price.
      expect((await book(creator.details.username).expect(201)).body).toMatchObject({ amount: 4800, discountCents: 0 });
    });

    it('gives the last use to exactly one of 20 concurrent buyers', async () => {
      const creator = await bookings.creator(false);
      const coupon = await made(creator, { code: 'LAST', amountOffCents: 1500, appliesTo: 'all', maxRedemptions: 3 });
      await db.query('update coupons set uses = 2 where id = $1', [coupon.id]);
      const answers = await Promise.all(Array.from({ length: 20 }, () => book(creator.details.username, { couponCode: 'LAST' })));
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([201, ...Array<number>(19).fill(400)]);
      expect(answers.filter((answer) => answer.status === 400).every((answer) => answer.body.message === CouponMessages.usedUp)).toBe(true);
      const winner = answers.find((answer) => answer.status === 201)!;
      expect(winner.body).toMatchObject({ amount: saleAmounts(2500).amount, discountCents: 1500 });
      expect((await couponRow(coupon.id)).uses).toBe(3);
      const redemptions = (await db.query('select purchase_id from coupon_redemptions where coupon_id = $1', [coupon.id])).rows;
      expect(redemptions).toEqual([{ purchase_id: await bookingIdOf(winner.body.clientSecret as string) }]);
      // The refused requests stored nothing.
      expect((await db.query('select count(*)::int as n from bookings where creator_id = $1', [creator.user.id])).rows[0]).toEqual({ n: 1 });
    });

    it('gives the use back when the hold runs out, and takes it back when the payment comes after all', async () => {
      const creator = await bookings.creator(true);
      const coupon = await made(creator, { code: 'HOLD', percentOff: 10, appliesTo: 'all', maxRedemptions: 1 });
      const start = `${dateIn(2)}T10:00:00.000Z`;
      const first = await book(creator.details.username, { couponCode: 'HOLD', slotStart: start }).expect(201);
      const firstId = await bookingIdOf(first.body.clientSecret as string);
      expect((await couponRow(coupon.id)).uses).toBe(1);
      expect((await check(creator.details.username, { code: 'HOLD', target: 'session' }).expect(400)).body.message).toBe(CouponMessages.usedUp);

      await db.query("update slot_holds set expires_at = now() - interval '1 minute' where id = $1", [firstId]);
      await db.query("update bookings set hold_expires_at = now() - interval '1 minute' where id = $1", [firstId]);
      await app.get(BillingSweepProcessor).process();
      expect((await db.query('select status from bookings where id = $1', [firstId])).rows[0]).toEqual({ status: 'expired' });
      expect((await couponRow(coupon.id)).uses).toBe(0);
      expect((await redemptionOf(firstId))!.released_at).not.toBeNull();

      // Given back, the use goes to the next buyer.
      const second = await book(creator.details.username, { couponCode: 'HOLD', slotStart: `${dateIn(2)}T12:00:00.000Z` }).expect(201);
      expect((await couponRow(coupon.id)).uses).toBe(1);
      await agent(app).post('/api/payments/local/confirm').send(card(second.body.clientSecret as string)).expect(200);

      // The first buyer pays after all (their time still free): paid at the price agreed, the use counted again.
      await agent(app).post('/api/payments/local/confirm').send(card(first.body.clientSecret as string)).expect(200);
      expect((await db.query('select status, amount from bookings where id = $1', [firstId])).rows[0]).toEqual({ status: 'paid', amount: saleAmounts(3600).amount });
      expect(await redemptionOf(firstId)).toEqual({ discount_cents: 400, released_at: null });
      expect((await couponRow(coupon.id)).uses).toBe(2);
      // Reinstating twice counts once.
      await app.get(BillingSweepProcessor).process();
      expect((await couponRow(coupon.id)).uses).toBe(2);
    });

    it('gives the use back when the card is declined, and takes it back when another card pays', async () => {
      const creator = await bookings.creator(false);
      const coupon = await made(creator, { code: 'RETRY', amountOffCents: 1000, appliesTo: 'all', maxRedemptions: 1 });
      const booked = await book(creator.details.username, { couponCode: 'RETRY' }).expect(201);
      const id = await bookingIdOf(booked.body.clientSecret as string);
      await agent(app).post('/api/payments/local/confirm').send({ ...card(booked.body.clientSecret as string), cardNumber: '4000000000000002' }).expect(402);
      expect((await db.query('select status from bookings where id = $1', [id])).rows[0]).toEqual({ status: 'failed' });
      expect((await couponRow(coupon.id)).uses).toBe(0);
      expect((await redemptionOf(id))!.released_at).not.toBeNull();

      await agent(app).post('/api/payments/local/confirm').send(card(booked.body.clientSecret as string)).expect(200);
      expect((await db.query('select status, amount from bookings where id = $1', [id])).rows[0]).toEqual({ status: 'paid', amount: saleAmounts(3000).amount });
      expect((await couponRow(coupon.id)).uses).toBe(1);
      expect(await redemptionOf(id)).toEqual({ discount_cents: 1000, released_at: null });
    });

    it('gives the use back when the request is replaced by another', async () => {
      const creator = await bookings.creator(true);
      const coupon = await made(creator, { code: 'SWAP', percentOff: 10, appliesTo: 'sessions', maxRedemptions: 1 });
      const visitor = agent(app, uniqueIp());
      const email = `${unique('v')}@example.com`;
      const first = await visitor
        .post(`/api/users/${creator.details.username}/book`)
        .send({ customerName: 'Sam', customerEmail: email, slotStart: `${dateIn(3)}T09:00:00.000Z`, couponCode: 'SWAP' })
        .expect(201);
      const firstId = await bookingIdOf(first.body.clientSecret as string);
      // The visitor picks another time and keeps the code: the earlier request's use is given back first.
      const second = await visitor
        .post(`/api/users/${creator.details.username}/book`)
        .send({ customerName: 'Sam', customerEmail: email, slotStart: `${dateIn(3)}T11:00:00.000Z`, couponCode: 'SWAP', replacesClientSecret: first.body.clientSecret })
        .expect(201);
      expect(second.body).toMatchObject({ discountCents: 400 });
      expect((await redemptionOf(firstId))!.released_at).not.toBeNull();
      expect((await couponRow(coupon.id)).uses).toBe(1);
      const secondId = await bookingIdOf(second.body.clientSecret as string);
      expect(await redemptionOf(secondId)).toEqual({ discount_cents: 400, released_at: null });
    });
  });

  it('goes with the account when it is deleted, and is in its data export', async () => {
    const creator = await signedInCreator(app);
    await made(creator, { code: 'EXPORTED', amountOffCents: 250, appliesTo: 'sessions', maxRedemptions: 2 });
    const exported = (await creator.client.get('/api/users/me/export').expect(200)).body as { coupons: unknown[] };
    expect(exported.coupons).toEqual([
      { code: 'EXPORTED', percentOff: null, amountOffCents: 250, appliesTo: 'sessions', expiresAt: null, maxRedemptions: 2, uses: 0, createdAt: expect.any(String) },
    ]);
    await creator.client.delete('/api/users/me').send({ password: creator.details.password }).expect(200);
    expect((await db.query('select count(*)::int as n from coupons where creator_id = $1', [creator.user.id])).rows[0]).toEqual({ n: 0 });
  });
});
