import type { INestApplication } from '@nestjs/common';
import { Messages, PaymentMessages } from '@linkbio/shared-contracts';
import Stripe from 'stripe';
import { RenewLocalSubscriptionsUseCase } from '../src/modules/billing/application/renew-local-subscriptions.use-case.js';
import { addOneMonth } from '../src/modules/billing/domain/subscription.js';
import { agent, Database, ownDatabase, signedInCreator, startApp, unique, type Agent } from './support/harness.js';
import { startSmtp, type TestSmtp } from './support/smtp.js';

/*
 * Paid bookings and Premium over HTTP with the local test provider, Stripe-signed webhooks and a real SMTP
 * server (smtp-server) receiving the e-mails.
 */

const WEBHOOK_SECRET = 'whsec_integration_test_secret';

const sign = (payload: string, overrides: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret: overrides.secret ?? WEBHOOK_SECRET, timestamp: overrides.timestamp });

let eventCounter = 0;
function event(type: string, object: Record<string, unknown>, options: { id?: string; created?: number } = {}) {
  eventCounter += 1;
  return JSON.stringify({
    id: options.id ?? `evt_test_${Date.now()}_${eventCounter}`,
    object: 'event',
    type,
    created: options.created ?? Math.floor(Date.now() / 1000),
    data: { object },
  });
}

describe('payments over HTTP (local provider, webhooks, e-mail)', () => {
  let database: Awaited<ReturnType<typeof ownDatabase>>;
  let app: INestApplication;
  let db: Database;
  let smtp: TestSmtp;

  beforeAll(async () => {
    // A database of its own: every sign-up queues an e-mail, so the outbox of a shared one moves with the
    // spec files beside this one (and their APIs would send this file's mails to their own mail servers).
    database = await ownDatabase('payments');
    process.env.TEST_DATABASE_URL = database.url;
    smtp = await startSmtp();
    process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
    process.env.MAIL_FROM = 'Linkbio <bookings@linkbio.test>';
    process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
    delete process.env.STRIPE_SECRET_KEY;
    app = await startApp();
    db = new Database();
  });

  afterAll(async () => {
    await db?.close();
    await app?.close();
    await smtp.close();
    await database?.drop();
  });

  const webhook = (payload: string, signature = sign(payload)) =>
    agent(app)
      .post('/api/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Origin', 'https://stripe.com')
      .set('Sec-Fetch-Site', 'cross-site')
      .set('Stripe-Signature', signature)
      .send(payload);

  /** A creator taking bookings at `price` dollars, and a booking requested by a visitor. */
  async function creatorWithBooking(price = '25.50') {
    const creator = await signedInCreator(app);
    await creator.client.put('/api/users/booking-settings').send({ enableBooking: true, bookingPrice: price }).expect(200);
    const customerEmail = `${unique('cust')}@example.com`;
    const booked = await agent(app)
      .post(`/api/users/${creator.details.username}/book`)
      .send({ customerName: 'Ada Lovelace', customerEmail, customerPhone: '+1 555 0100', message: 'Hello!' })
      .expect(201);
    const { clientSecret } = booked.body as { clientSecret: string };
    const intentId = clientSecret.split('_secret_')[0]!;
    const row = await db.query<{ id: string }>('select id from bookings where payment_intent_id = $1', [intentId]);
    return { creator, clientSecret, intentId, bookingId: row.rows[0]!.id, customerEmail, response: booked.body as Record<string, unknown> };
  }

  const bookingState = async (bookingId: string) => {
    const booking = await db.query<{ status: string; paid_at: Date | null }>('select status, paid_at from bookings where id = $1', [bookingId]);
    const ledger = await db.query<{ amount: number; payout_id: string | null; paid_out_at: Date | null }>(
      'select amount, payout_id, paid_out_at from ledger_entries where booking_id = $1',
      [bookingId],
    );
    const outbox = await db.query<{ n: string }>("select count(*) as n from email_outbox where dedupe_key like $1", [`booking:${bookingId}:%`]);
    return { status: booking.rows[0]?.status, paidAt: booking.rows[0]?.paid_at ?? null, ledger: ledger.rows, emails: Number(outbox.rows[0]!.n) };
  };

  const mailsAbout = (bookingId: string) => smtp.mails.filter((m) => m.raw.includes(bookingId));

  const card = (clientSecret: string, cardNumber: string) => ({ clientSecret, cardNumber, expiry: '12/34', cvc: '123', name: 'Ada' });

  describe('booking', () => {
    it('answers the fee lines computed from the stored price, in cents, and stores a pending booking', async () => {
      const { response, bookingId } = await creatorWithBooking('25.50');
      expect(response).toEqual({ clientSecret: expect.stringMatching(/^pi_local_\w+_secret_\w{20,}$/), amount: 3060, userAmount: 2550, platformFee: 510, discountCents: 0 });
      expect((await bookingState(bookingId)).status).toBe('pending_payment');
    });

    it('lists only the creator’s paid bookings, newest first, and only to them: waiting and failed payments are not bookings', async () => {
      const { creator, clientSecret, bookingId } = await creatorWithBooking('25.50');
      expect((await creator.client.get('/api/bookings').expect(200)).body).toEqual({ bookings: [], nextCursor: null, unpaidAttempts: 1 }); // waiting for payment

      await agent(app).post('/api/payments/local/confirm').send(card(clientSecret, '4242424242424242')).expect(200);
      const declinedBooking = await agent(app)
        .post(`/api/users/${creator.details.username}/book`)
        .send({ customerName: 'Declined', customerEmail: 'declined@example.com' })
        .expect(201);
      const declinedSecret = (declinedBooking.body as { clientSecret: string }).clientSecret;
      await agent(app).post('/api/payments/local/confirm').send(card(declinedSecret, '4000000000000002')).expect(402);
      const second = await agent(app)
        .post(`/api/users/${creator.details.username}/book`)
        .send({ customerName: 'Second', customerEmail: 'second@example.com' })
        .expect(201);
      await agent(app).post(`/api/users/${creator.details.username}/book`).send({ customerName: 'Waiting', customerEmail: 'waiting@example.com' }).expect(201);
      await agent(app).post('/api/payments/local/confirm').send(card((second.body as { clientSecret: string }).clientSecret, '4242424242424242')).expect(200);

      const list = await creator.client.get('/api/bookings').expect(200);
      const listed = (list.body as { bookings: Array<{ id: string; customerName: string }>; unpaidAttempts: number }).bookings;
      expect(listed.map((b) => b.customerName)).toEqual(['Second', 'Ada Lovelace']);
      expect((list.body as { unpaidAttempts: number }).unpaidAttempts).toBe(2); // the declined and the waiting one
      expect(listed[1]).toEqual(
        expect.objectContaining({ id: bookingId, customerName: 'Ada Lovelace', customerPhone: '+1 555 0100', message: 'Hello!', amount: 3060, userAmount: 2550, platformFee: 510, status: 'paid', paidAt: expect.any(String) }),
      );
      const statuses = await db.query<{ status: string }>('select status from bookings where creator_id = $1 order by created_at', [creator.user.id]);
      expect(statuses.rows.map((row) => row.status)).toEqual(['paid', 'failed', 'paid', 'pending_payment']);
      await agent(app).get('/api/bookings').expect(401);

      // Both paid bookings' e-mails go out after their payments commit: wait for them, so the specs after this
      // one never see this one's outbox still moving.
      const paidIds = listed.map((b) => b.id);
      for (let tries = 0; paidIds.some((id) => mailsAbout(id).length < 2); tries += 1) {
        if (tries > 100) throw new Error('the paid bookings’ e-mails were not sent');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });

    it('tells the pages which provider is live', async () => {
      const config = await agent(app).get('/api/config').expect(200);
      expect(config.body).toEqual({ paymentProvider: 'local', stripePublishableKey: null });
    });

    describe('refuses bad requests, and stores nothing', () => {
      let username: string;
      let offUsername: string;
      let noPriceUsername: string;
      beforeAll(async () => {
        const on = await signedInCreator(app);
        await on.client.put('/api/users/booking-settings').send({ enableBooking: true, bookingPrice: '20' }).expect(200);
        username = on.details.username;
        const off = await signedInCreator(app);
        await off.client.put('/api/users/booking-settings').send({ enableBooking: true, bookingPrice: '20' }).expect(200);
        await off.client.put('/api/users/booking-settings').send({ enableBooking: false }).expect(200);
        offUsername = off.details.username;
        noPriceUsername = (await signedInCreator(app)).details.username;
      });

      const valid = { customerName: 'Ada', customerEmail: 'ada@example.com' };
      it.each([
        ['an amount', { ...valid, amount: 1 }, 400, Messages.unexpectedField('amount')],
        ['a userAmount', { ...valid, userAmount: 1 }, 400, Messages.unexpectedField('userAmount')],
        ['a platformFee', { ...valid, platformFee: 0 }, 400, Messages.unexpectedField('platformFee')],
        ['no name', { customerEmail: 'ada@example.com' }, 400, PaymentMessages.nameRequired],
        ['a blank name', { ...valid, customerName: '   ' }, 400, PaymentMessages.nameRequired],
        ['a number as name', { ...valid, customerName: 42 }, 400, PaymentMessages.nameRequired],
        ['a bad e-mail', { ...valid, customerEmail: 'not-an-email' }, 400, PaymentMessages.validEmailRequired],
        ['no e-mail', { customerName: 'Ada' }, 400, PaymentMessages.validEmailRequired],
        ['a long phone', { ...valid, customerPhone: '1'.repeat(31) }, 400, PaymentMessages.phoneTooLong],
        ['a long message', { ...valid, message: 'x'.repeat(1001) }, 400, PaymentMessages.messageTooLong],
        ['an object as message', { ...valid, message: { a: 1 } }, 400, PaymentMessages.messageTooLong],
      ])('%s', async (_, body, status, message) => {
        const before = await db.query<{ n: string }>('select count(*) as n from bookings');
        const response = await agent(app).post(`/api/users/${username}/book`).send(body).expect(status);
        expect(response.body).toMatchObject({ statusCode: status, message });
        const after = await db.query<{ n: string }>('select count(*) as n from bookings');
        expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
      });

      it('booking switched off, or no price: 400 with a clear message', async () => {
        for (const name of [offUsername, noPriceUsername]) {
          const response = await agent(app).post(`/api/users/${name}/book`).send(valid).expect(400);
          expect(response.body).toEqual({ statusCode: 400, message: PaymentMessages.bookingUnavailable });
        }
      });

      it('unknown creator: 404', async () => {
        const response = await agent(app).post('/api/users/nobody-here-at-all/book').send(valid).expect(404);
        expect(response.body).toEqual({ statusCode: 404, message: 'User not found' });
      });
    });
  });

  describe('local provider with Stripe test cards', () => {
    it('4242 pays the booking once: ledger entry, receipt and creator e-mails', async () => {
      const { clientSecret, bookingId, creator, customerEmail } = await creatorWithBooking('25.50');
      const confirmed = await agent(app).post('/api/payments/local/confirm').send(card(clientSecret, '4242 4242 4242 4242')).expect(200);
      expect(confirmed.body).toEqual({ status: 'succeeded', returnUrl: `/${creator.details.username}?booked=true` });
      const state = await bookingState(bookingId);
      expect(state).toMatchObject({ status: 'paid', emails: 2 });
      expect(state.paidAt).not.toBeNull();
      expect(state.ledger).toEqual([{ amount: 2550, payout_id: null, paid_out_at: null }]);

      const mails = mailsAbout(bookingId);
      expect(mails).toHaveLength(2);
      const receipt = mails.find((m) => m.to.includes(customerEmail))!;
      expect(receipt.raw).toContain(`Subject: Booking confirmed with Creator ${creator.details.username}`);
      expect(receipt.raw).toContain('Service Fee: $25.50');
      expect(receipt.raw).toContain('Platform Fee (20%): $5.10');
      expect(receipt.raw).toContain('Total: $30.60');
      expect(receipt.raw).toContain('From: Linkbio <bookings@linkbio.test>');
      const notice = mails.find((m) => m.to.includes(creator.details.email))!;
      expect(notice.raw).toContain('Subject: New booking from Ada Lovelace');
      expect(notice.raw).toContain('You earn: $25.50');
      expect(notice.raw).toContain(customerEmail);

      const again = await agent(app).post('/api/payments/local/confirm').send(card(clientSecret, '4242424242424242')).expect(400);
      expect(again.body.message).toBe(PaymentMessages.paymentAlreadyCompleted);
      expect(await bookingState(bookingId)).toMatchObject({ status: 'paid', emails: 2 });
    });

    it.each([
      ['4000 0000 0000 0002', PaymentMessages.cardDeclined],
      ['4000 0000 0000 9995', PaymentMessages.insufficientFunds],
    ])('%s is refused with 402 and the provider message; the booking is not paid; another card then pays', async (number, message) => {
      const { clientSecret, bookingId } = await creatorWithBooking('40');
      const refused = await agent(app).post('/api/payments/local/confirm').send(card(clientSecret, number)).expect(402);
      expect(refused.body).toEqual({ statusCode: 402, message });
      expect(await bookingState(bookingId)).toMatchObject({ status: 'failed', ledger: [], emails: 0 });
      expect(mailsAbout(bookingId)).toHaveLength(0);

      await agent(app).post('/api/payments/local/confirm').send(card(clientSecret, '4242 4242 4242 4242')).expect(200);
      expect(await bookingState(bookingId)).toMatchObject({ status: 'paid', emails: 2 });
    });

    it.each([
      ['a number failing Luhn', { cardNumber: '4242 4242 4242 4241' }, 400, PaymentMessages.cardNumberInvalid],
      ['letters', { cardNumber: '4242 abcd' }, 400, PaymentMessages.cardNumberInvalid],
      ['an expired card', { expiry: '01/20' }, 400, PaymentMessages.cardExpired],
      ['a bad expiry', { expiry: '13/30' }, 400, PaymentMessages.cardExpiryInvalid],
      ['a short cvc', { cvc: '1' }, 400, PaymentMessages.cvcInvalid],
      ['an unknown secret', { clientSecret: 'pi_local_nope_secret_nope' }, 404, PaymentMessages.paymentNotFound],
    ])('%s', async (_, change, status, message) => {
      const { clientSecret, bookingId } = await creatorWithBooking('15');
      const response = await agent(app).post('/api/payments/local/confirm').send({ ...card(clientSecret, '4242424242424242'), ...change }).expect(status);
      expect(response.body).toMatchObject({ statusCode: status, message });
      expect((await bookingState(bookingId)).status).toBe('pending_payment');
    });

    it('/booking-success checks the payment with the provider and redirects', async () => {
      const { clientSecret, intentId, bookingId, creator } = await creatorWithBooking('30');
      const pending = await agent(app).get(`/booking-success?payment_intent=${intentId}&payment_intent_client_secret=${clientSecret}`).expect(302);
      expect(pending.headers.location).toBe(`/${creator.details.username}`);
      // The provider has the payment as succeeded, but no event reached us (as when a webhook is late).
      await db.query("update local_payment_intents set status = 'succeeded' where id = $1", [intentId]);
      const paid = await agent(app).get(`/booking-success?payment_intent=${intentId}&payment_intent_client_secret=${clientSecret}`).expect(302);
      expect(paid.headers.location).toBe(`/${creator.details.username}?booked=true`);
      expect(await bookingState(bookingId)).toMatchObject({ status: 'paid', emails: 2 });
      await agent(app).get(`/booking-success?payment_intent=${intentId}`).expect(302);
      expect((await bookingState(bookingId)).ledger).toHaveLength(1);

      const unknown = await agent(app).get('/booking-success?payment_intent=pi_unknown').expect(302);
      expect(unknown.headers.location).toBe('/');
      const wrongSecret = await agent(app).get(`/booking-success?payment_intent=${intentId}&payment_intent_client_secret=${intentId}_secret_x`).expect(302);
      expect(wrongSecret.headers.location).toBe('/');
    });

    it('POST /api/bookings/confirm runs the same check for in-page confirmations', async () => {
      const { clientSecret, intentId, bookingId, creator } = await creatorWithBooking('30');
      const pending = await agent(app).post('/api/bookings/confirm').send({ clientSecret }).expect(200);
      expect(pending.body).toEqual({ status: 'pending_payment', returnUrl: `/${creator.details.username}` });
      await db.query("update local_payment_intents set status = 'succeeded' where id = $1", [intentId]);
      const paid = await agent(app).post('/api/bookings/confirm').send({ clientSecret }).expect(200);
      expect(paid.body).toEqual({ status: 'paid', returnUrl: `/${creator.details.username}?booked=true` });
      expect(await bookingState(bookingId)).toMatchObject({ status: 'paid', emails: 2 });
      await agent(app).post('/api/bookings/confirm').send({ clientSecret: `${intentId}_secret_wrong` }).expect(404);
    });
  });

  describe('Stripe webhooks', () => {
    // Money tables whole (this file has a database of its own); of the e-mails, those a payment sends (keyed
    // by its booking): a creator's sign-up confirmation is sent (and its token taken out) in the background,
    // at any moment of a test.
    const tables = [
      'bookings',
      'ledger_entries',
      'processed_events',
      'subscriptions',
      "email_outbox t where dedupe_key like 'booking:%'",
      'users t where id in (select creator_id from bookings)',
    ];
    const digest = async () =>
      (
        await Promise.all(
          tables.map((t) =>
            db
              .query<{ d: string }>(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as d from ${t.includes(' ') ? t : `${t} t`}`)
              .then((r) => r.rows[0]!.d),
          ),
        )
      ).join(' ');

    const succeeded = (b: { intentId: string; bookingId: string }, amount = 3060) => ({
      id: b.intentId,
      object: 'payment_intent',
      amount,
      amount_received: amount,
      currency: 'usd',
      status: 'succeeded',
      metadata: { bookingId: b.bookingId },
    });
    const failed = (b: { intentId: string; bookingId: string }) => ({ ...succeeded(b), status: 'requires_payment_method', amount_received: 0 });

    it('accepts only a valid signature over the exact body; nothing changes otherwise', async () => {
      const b = await creatorWithBooking('25.50');
      const payload = event('payment_intent.succeeded', succeeded(b));
      const before = await digest();
      const bad: [string, string, string][] = [
        ['wrong secret', payload, sign(payload, { secret: 'whsec_wrong' })],
        ['stale timestamp', payload, sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 600 })],
        ['tampered body', payload.replace('"amount":3060', '"amount":3061'), sign(payload)],
        ['no signature', payload, ''],
        ['garbage signature', payload, 't=1,v1=abc'],
      ];
      for (const [name, body, signature] of bad) {
        const response = await webhook(body, signature);
        expect({ name, status: response.status, body: response.body }).toEqual({ name, status: 400, body: { statusCode: 400, message: PaymentMessages.webhookSignature } });
      }
      expect(await digest()).toBe(before);
      const ok = await webhook(payload).expect(200);
      expect(ok.body).toEqual({ received: true });
      expect(await bookingState(b.bookingId)).toMatchObject({ status: 'paid', emails: 2 });
    });

    it('the same success event delivered 10 times at once: one paid booking, one ledger entry, one e-mail each', async () => {
      const b = await creatorWithBooking('25.50');
      const payload = event('payment_intent.succeeded', succeeded(b));
      const responses = await Promise.all(Array.from({ length: 10 }, () => webhook(payload)));
      expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
      // And 5 distinct events for the same payment (Stripe may resend with new ids), plus the return page check.
      await Promise.all([
        ...Array.from({ length: 5 }, () => webhook(event('payment_intent.succeeded', succeeded(b)))),
        agent(app).get(`/booking-success?payment_intent=${b.intentId}`),
      ]);
      const state = await bookingState(b.bookingId);
      expect(state).toMatchObject({ status: 'paid', emails: 2 });
      expect(state.ledger).toHaveLength(1);
      const mails = mailsAbout(b.bookingId);
      expect(mails.map((m) => m.to[0]).sort()).toEqual([b.creator.details.email, b.customerEmail].sort());
    });

    type Step = 'succeeded' | 'failed' | 'succeeded-again' | 'wrong-amount';
    it.each<[string, Step[], string, number]>([
      ['succeeded', ['succeeded'], 'paid', 1],
      ['failed then succeeded (a retry with another card)', ['failed', 'succeeded'], 'paid', 1],
      ['succeeded then a late failure', ['succeeded', 'failed'], 'paid', 1],
      ['succeeded, then the same event again', ['succeeded', 'succeeded-again'], 'paid', 1],
      ['failed only', ['failed'], 'failed', 0],
      ['failed twice', ['failed', 'failed'], 'failed', 0],
      ['an amount that does not match', ['wrong-amount'], 'pending_payment', 0],
    ])('booking events: %s', async (_, steps, status, ledgerEntries) => {
      const b = await creatorWithBooking('25.50');
      const successId = `evt_success_${b.bookingId}`;
      for (const step of steps) {
        const payload =
          step === 'failed'
            ? event('payment_intent.payment_failed', failed(b))
            : step === 'wrong-amount'
              ? event('payment_intent.succeeded', succeeded(b, 100))
              : event('payment_intent.succeeded', succeeded(b), { id: successId });
        await webhook(payload).expect(200);
      }
      const state = await bookingState(b.bookingId);
      expect(state.status).toBe(status);
      expect(state.ledger).toHaveLength(ledgerEntries);
      expect(state.emails).toBe(ledgerEntries * 2);
    });

    /** A creator with a stored (incomplete) local subscription; answers its id. */
    async function creatorWithSubscription() {
      const creator = await signedInCreator(app);
      await creator.client.post('/api/create-subscription').expect(200);
      const row = await db.query<{ id: string }>('select id from subscriptions where user_id = $1', [creator.user.id]);
      return { creator, subscriptionId: row.rows[0]!.id };
    }
    const subscriptionObject = (id: string, userId: string, status: string, cancelAtPeriodEnd = false) => ({
      id,
      object: 'subscription',
      customer: 'cus_x',
      status,
      cancel_at_period_end: cancelAtPeriodEnd,
      metadata: { userId },
      items: { data: [{ current_period_end: Math.floor(Date.now() / 1000) + 30 * 86400 }] },
    });
    const invoice = (subscriptionId: string) => ({
      id: `in_${subscriptionId}`,
      object: 'invoice',
      parent: { subscription_details: { subscription: subscriptionId } },
      lines: { data: [{ period: { end: Math.floor(Date.now() / 1000) + 30 * 86400 } }] },
    });

    type SubStep = ['updated' | 'deleted' | 'invoice', number, string?, boolean?];
    it.each<[string, SubStep[], boolean, string]>([
      ['invoice.paid activates', [['invoice', 100]], true, 'active'],
      ['updated active', [['updated', 100, 'active']], true, 'active'],
      ['active then deleted', [['updated', 100, 'active'], ['deleted', 200, 'canceled']], false, 'canceled'],
      ['deleted arriving before an older active', [['deleted', 200, 'canceled'], ['updated', 100, 'active']], false, 'canceled'],
      ['deleted, then a late invoice.paid', [['deleted', 200, 'canceled'], ['invoice', 100]], false, 'canceled'],
      ['cancel at period end, then an older update without it', [['updated', 200, 'active', true], ['updated', 100, 'active', false]], true, 'canceling'],
      ['the same update three times', [['updated', 100, 'active'], ['updated', 100, 'active'], ['updated', 100, 'active']], true, 'active'],
    ])('subscription events: %s', async (_, steps, premium, viewStatus) => {
      const { creator, subscriptionId } = await creatorWithSubscription();
      const base = Math.floor(Date.now() / 1000);
      for (const [kind, offset, status, cancel] of steps) {
        const created = base + offset;
        const payload =
          kind === 'invoice'
            ? event('invoice.paid', invoice(subscriptionId), { created })
            : event(`customer.subscription.${kind}`, subscriptionObject(subscriptionId, creator.user.id, status!, cancel), { id: `evt_${subscriptionId}_${kind}_${offset}`, created });
        await webhook(payload).expect(200);
      }
      const user = await db.query<{ is_premium: boolean }>('select is_premium from users where id = $1', [creator.user.id]);
      expect(user.rows[0]!.is_premium).toBe(premium);
      const view = await creator.client.get('/api/subscription').expect(200);
      expect(view.body).toMatchObject({ plan: premium ? 'premium' : 'free', status: viewStatus });
    });

    it('ignores events about payments and subscriptions it does not know', async () => {
      await webhook(event('payment_intent.succeeded', { id: 'pi_other', amount: 100, currency: 'usd', metadata: {} })).expect(200);
      await webhook(event('customer.subscription.updated', subscriptionObject('sub_unknown', '00000000-0000-0000-0000-000000000000', 'active'))).expect(200);
      await webhook(event('charge.refunded', { id: 'ch_1' })).expect(200);
    });
  });

  describe('Premium with the local provider', () => {
    const addLink = (client: Agent, n: number) => client.post('/api/links').send({ title: `Link ${n}`, url: `https://example.com/${n}`, order: 0 });

    it('subscribe → pay → premium → sixth link → cancel → premium until period end → ended', async () => {
      const { client, user } = await signedInCreator(app);
      expect((await client.get('/api/subscription').expect(200)).body).toEqual({ plan: 'free', status: 'none', currentPeriodEnd: null, cancelAtPeriodEnd: false });
      const noSub = await client.post('/api/subscription/cancel').expect(400);
      expect(noSub.body.message).toBe(PaymentMessages.notSubscribed);
      for (let n = 1; n <= 5; n += 1) await addLink(client, n).expect(201);
      await addLink(client, 6).expect(403);

      const created = await client.post('/api/create-subscription').expect(200);
      const { clientSecret } = created.body as { clientSecret: string };
      expect(clientSecret).toMatch(/^pi_local_\w+_secret_\w+$/);
      expect((await client.get('/api/subscription').expect(200)).body).toMatchObject({ plan: 'free', status: 'incomplete' });

      const declined = await agent(app).post('/api/payments/local/confirm').send(card(clientSecret, '4000000000000002')).expect(402);
      expect(declined.body.message).toBe(PaymentMessages.cardDeclined);
      expect((await client.get('/api/subscription').expect(200)).body.plan).toBe('free');

      const paid = await client.post('/api/payments/local/confirm').send(card(clientSecret, '4242424242424242')).expect(200);
      expect(paid.body).toEqual({ status: 'succeeded', returnUrl: '/dashboard' });
      const active = (await client.get('/api/subscription').expect(200)).body as { currentPeriodEnd: string };
      expect(active).toMatchObject({ plan: 'premium', status: 'active', cancelAtPeriodEnd: false });
      const days = (new Date(active.currentPeriodEnd).getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(27);
      expect(days).toBeLessThan(32);
      expect((await client.get('/api/auth/me').expect(200)).body.isPremium).toBe(true);
      await addLink(client, 6).expect(201);
      expect((await client.post('/api/create-subscription').expect(200)).body).toEqual({ message: 'Already subscribed' });

      const canceled = await client.post('/api/subscription/cancel').expect(200);
      expect(canceled.body).toEqual({ plan: 'premium', status: 'canceling', cancelAtPeriodEnd: true, currentPeriodEnd: active.currentPeriodEnd });
      await client.post('/api/subscription/cancel').expect(200); // idempotent
      await addLink(client, 7).expect(201);

      // Time travel: the paid period is over.
      await db.query("update subscriptions set current_period_end = now() - interval '1 second' where user_id = $1", [user.id]);
      expect((await client.get('/api/subscription').expect(200)).body).toMatchObject({ plan: 'free', status: 'canceled', cancelAtPeriodEnd: true });
      expect((await client.get('/api/auth/me').expect(200)).body.isPremium).toBe(false);
      await addLink(client, 8).expect(403);
      expect((await client.post('/api/subscription/cancel').expect(400)).body.message).toBe(PaymentMessages.notSubscribed);
      // A new subscription can start again.
      expect((await client.post('/api/create-subscription').expect(200)).body).toHaveProperty('clientSecret');
    });

    it('subscribing again before paying answers the same first payment: one subscription, paid once', async () => {
      const { client, user } = await signedInCreator(app);
      const subscriptions = async () =>
        (await db.query<{ status: string }>('select status from subscriptions where user_id = $1 order by created_at', [user.id])).rows.map((r) => r.status);
      const secretOf = async () => ((await client.post('/api/create-subscription').expect(200)).body as { clientSecret: string }).clientSecret;

      const first = await secretOf();
      expect(await secretOf()).toBe(first); // a reload of the subscribe page
      await agent(app).post('/api/payments/local/confirm').send(card(first, '4000000000000002')).expect(402);
      expect(await secretOf()).toBe(first); // after a declined card
      expect(await subscriptions()).toEqual(['incomplete']);

      await client.post('/api/payments/local/confirm').send(card(first, '4242424242424242')).expect(200);
      expect(await subscriptions()).toEqual(['active']);
      expect((await client.get('/api/auth/me').expect(200)).body.isPremium).toBe(true);
    });

    it('starts a new subscription once the waiting one is past its 23 hours', async () => {
      const { client, user } = await signedInCreator(app);
      const first = ((await client.post('/api/create-subscription').expect(200)).body as { clientSecret: string }).clientSecret;
      await db.query("update subscriptions set created_at = now() - interval '23 hours 1 minute' where user_id = $1", [user.id]);

      const second = ((await client.post('/api/create-subscription').expect(200)).body as { clientSecret: string }).clientSecret;

      expect(second).not.toBe(first);
      const rows = await db.query('select id from subscriptions where user_id = $1', [user.id]);
      expect(rows.rows).toHaveLength(2);
    });

    it('renews at the period’s end by charging the saved card once; a card expired by then ends Premium', async () => {
      const { client, user } = await signedInCreator(app);
      const { clientSecret } = (await client.post('/api/create-subscription').expect(200)).body as { clientSecret: string };
      await client.post('/api/payments/local/confirm').send(card(clientSecret, '4242 4242 4242 4242')).expect(200);
      const saved = await db.query('select card_last4, card_exp_month, card_exp_year from local_subscriptions where user_id = $1', [user.id]);
      expect(saved.rows).toEqual([{ card_last4: '4242', card_exp_month: 12, card_exp_year: 2034 }]);
      const renewals = app.get(RenewLocalSubscriptionsUseCase);

      // Time travel: the first month is over (the provider's records and ours).
      const ended = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
      await db.query('update local_subscriptions set current_period_end = $2 where user_id = $1', [user.id, ended]);
      await db.query('update subscriptions set current_period_end = $2 where user_id = $1', [user.id, ended]);
      const [first, second] = await Promise.all([renewals.execute(), renewals.execute()]);
      expect(first.renewed + second.renewed).toBe(1);
      expect((await renewals.execute()).renewed).toBe(0);

      const renewed = (await client.get('/api/subscription').expect(200)).body as { currentPeriodEnd: string };
      expect(renewed).toMatchObject({ plan: 'premium', status: 'active', cancelAtPeriodEnd: false });
      expect(new Date(renewed.currentPeriodEnd).getTime()).toBe(addOneMonth(ended).getTime());
      const charges = await db.query<{ status: string; amount: number }>(
        "select status, amount from local_payment_intents where metadata->>'userId' = $1 order by created_at",
        [user.id],
      );
      expect(charges.rows).toEqual([
        { status: 'succeeded', amount: 999 },
        { status: 'succeeded', amount: 999 },
      ]);

      // The card has expired by the next renewal: declined, the subscription ends and Premium with it.
      await db.query("update local_subscriptions set card_exp_year = 2025, current_period_end = now() - interval '1 minute' where user_id = $1", [user.id]);
      expect(await renewals.execute()).toMatchObject({ declined: 1 });
      expect((await client.get('/api/subscription').expect(200)).body).toMatchObject({ plan: 'free', status: 'canceled' });
      expect((await client.get('/api/auth/me').expect(200)).body.isPremium).toBe(false);
      expect((await renewals.execute()).declined).toBe(0);
    });

    it('subscription calls need a signed-in creator', async () => {
      await agent(app).post('/api/create-subscription').expect(401);
      await agent(app).post('/api/subscription/cancel').expect(401);
      await agent(app).get('/api/subscription').expect(401);
    });
  });
});
