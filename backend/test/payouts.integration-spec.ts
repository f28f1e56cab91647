import { randomUUID } from 'node:crypto';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import {
  Messages,
  PayoutMessages,
  type AdminPayoutView,
  type PayoutView,
} from '@linkbio/shared-contracts';
import { CreateWeeklyPayoutsUseCase } from '../src/modules/payouts/application/create-weekly-payouts.use-case.js';
import { CarryoverStore } from '../src/modules/payouts/application/ports/carryover.store.js';
import { PayoutStore } from '../src/modules/payouts/application/ports/payout.store.js';
import { carriedOver } from '../src/modules/payouts/domain/carryover.js';
import { parseIsoWeek } from '../src/modules/payouts/domain/iso-week.js';
import { ReleaseHeldPayoutsUseCase } from '../src/modules/payouts/application/release-held-payouts.use-case.js';
import { SendPayoutUseCase } from '../src/modules/payouts/application/send-payout.use-case.js';
import { payoutStoreContract } from '../src/modules/payouts/testing/payout-store.contract.js';
import { JobQueues } from '../src/shared/queues/job-queues.js';
import { agent, basicAuth, Database, ownDatabase, signedInCreator, startApp, startWorker, unique } from './support/harness.js';
import { arrangeEarning } from './support/payouts.js';

/*
 * Weekly payouts over real PostgreSQL and Redis. A run pays every creator's unassigned ledger entries, so
 * this file works in a database of its own (made and migrated here, dropped at the end): other spec files
 * running at the same time keep their ledger to themselves. Times that the real flow cannot choose (when a
 * booking was paid) are arranged with SQL; weeks are long past, so the system clock has them ended.
 */

const OPERATOR = { user: 'ops-team', password: 'operator-password-123' };
const AS_OPERATOR = basicAuth(OPERATOR.user, OPERATOR.password);

interface Creator {
  id: string;
  username: string;
}

describe('weekly payouts', () => {
  let database: Awaited<ReturnType<typeof ownDatabase>>;
  let app: INestApplication;
  let db: Database;

  beforeAll(async () => {
    database = await ownDatabase('payouts');
    process.env.TEST_DATABASE_URL = database.url;
    process.env.OPERATOR_USER = OPERATOR.user;
    process.env.OPERATOR_PASSWORD = OPERATOR.password;
    delete process.env.PAYPAL_CLIENT_ID;
    app = await startApp();
    db = new Database();
  });

  afterAll(async () => {
    await db?.close();
    await app?.close();
    await database?.drop();
  });

  /** A creator arranged in SQL, with these payout details and (unless `verified` is false) a confirmed e-mail. */
  async function creator(details: { paypal?: string; cashapp?: string; verified?: boolean } = {}): Promise<Creator> {
    const id = randomUUID();
    const username = unique('p');
    await db.query(
      `insert into users (id, username, email, password_hash, display_name, paypal_email, cashapp_handle, email_verified_at)
       values ($1, $2, $3, 'not-a-hash', $4, $5, $6, case when $7 then now() end)`,
      [
        id,
        username,
        `${username}@example.com`,
        `Creator ${username}`,
        details.paypal ?? null,
        details.cashapp ?? null,
        details.verified ?? true,
      ],
    );
    return { id, username };
  }

  /** A creator signed up over HTTP, with the e-mail address confirmed (payouts wait until it is). */
  async function confirmedCreator() {
    const made = await signedInCreator(app);
    await db.query('update users set email_verified_at = now() where id = $1', [made.user.id]);
    return made;
  }

  /** A booking paid at `at` and the creator's ledger entry for it (what billing writes), `cents` earned. */
  function earning(creatorId: string, cents: number, at: string): Promise<string> {
    return arrangeEarning(db, creatorId, cents, at);
  }

  interface PayoutRow {
    id: string;
    creator_id: string;
    week: string;
    amount: number;
    method: string | null;
    destination: string | null;
    status: string;
    reference: string | null;
    paid_at: Date | null;
  }

  const payoutsOf = async (...creators: Creator[]) =>
    (
      await db.query<PayoutRow>('select * from payouts where creator_id = any($1) order by week, creator_id', [
        creators.map((c) => c.id),
      ])
    ).rows;

  const entriesOf = async (c: Creator) =>
    (
      await db.query<{
        id: string;
        amount: number;
        payout_id: string | null;
        paid_out_at: Date | null;
        created_at: Date;
      }>(
        'select id, amount, payout_id, paid_out_at, created_at from ledger_entries where creator_id = $1 order by created_at, id',
        [c.id],
      )
    ).rows;

  const run = (week: string) => app.get(CreateWeeklyPayoutsUseCase).execute(week);
  const sendJob = (payoutId: string) => app.get(JobQueues).queue('payouts').getJob(`payout-${payoutId}`);

  describe('the weekly run', () => {
    it('puts an entry paid Sunday 23:59:59.999 UTC in that week, and one paid Monday 00:00:00 in the next', async () => {
      const alice = await creator({ paypal: 'alice@example.com' });
      const sunday = await earning(alice.id, 2550, '2025-03-09T23:59:59.999Z');
      const monday = await earning(alice.id, 1000, '2025-03-10T00:00:00.000Z');

      await run('2025-W10');
      const [w10] = await payoutsOf(alice);
      expect(w10).toMatchObject({ week: '2025-W10', amount: 2550, status: 'pending' });
      expect((await entriesOf(alice)).map((e) => [e.id, e.payout_id])).toEqual([
        [sunday, w10!.id],
        [monday, null],
      ]);

      await run('2025-W11');
      const payouts = await payoutsOf(alice);
      expect(payouts.map((p) => [p.week, p.amount])).toEqual([
        ['2025-W10', 2550],
        ['2025-W11', 1000],
      ]);
      expect((await entriesOf(alice)).map((e) => e.payout_id)).toEqual([w10!.id, payouts[1]!.id]);
    });

    it('sums the week’s earnings in cents, with earlier unpaid ones, into one payout per creator', async () => {
      const bob = await creator({ cashapp: 'bob_cash' });
      await earning(bob.id, 1999, '2025-01-15T10:00:00Z');
      await earning(bob.id, 2550, '2025-03-17T00:00:00Z');
      await earning(bob.id, 1, '2025-03-23T23:59:59Z');
      await earning(bob.id, 10000, '2025-03-24T00:00:00Z');

      const { created } = await run('2025-W12');

      const payouts = await payoutsOf(bob);
      expect(
        payouts.map((p) => ({ week: p.week, amount: p.amount, method: p.method, destination: p.destination })),
      ).toEqual([{ week: '2025-W12', amount: 4550, method: 'cashapp', destination: 'bob_cash' }]);
      expect(created.filter((p) => p.creatorId === bob.id).map((p) => p.amount)).toEqual([4550]);
      expect((await entriesOf(bob)).map((e) => e.payout_id === payouts[0]!.id)).toEqual([true, true, true, false]);
    });

    it('pays the PayPal e-mail, else the CashApp handle, else holds the payout; pending ones are queued for sending', async () => {
      const both = await creator({ paypal: 'both@example.com', cashapp: 'both_cash' });
      const cash = await creator({ cashapp: 'cash_only' });
      const none = await creator();
      for (const c of [both, cash, none]) await earning(c.id, 1500, '2025-04-02T12:00:00Z');

      await run('2025-W14');

      const byCreator = new Map((await payoutsOf(both, cash, none)).map((p) => [p.creator_id, p]));
      expect(byCreator.get(both.id)).toMatchObject({
        method: 'paypal',
        destination: 'both@example.com',
        status: 'pending',
      });
      expect(byCreator.get(cash.id)).toMatchObject({ method: 'cashapp', destination: 'cash_only', status: 'pending' });
      expect(byCreator.get(none.id)).toMatchObject({ method: null, destination: null, status: 'on_hold' });

      for (const c of [both, cash]) {
        const job = await sendJob(byCreator.get(c.id)!.id);
        expect(job).toMatchObject({ name: 'send', data: { payoutId: byCreator.get(c.id)!.id } });
      }
      expect(await sendJob(byCreator.get(none.id)!.id)).toBeUndefined();
    });

    it('makes exactly one payout per creator and assigns every entry once, run twice or five times at once', async () => {
      const creators = await Promise.all([
        creator({ paypal: 'c1@example.com' }),
        creator({ cashapp: 'c2' }),
        creator(),
        creator({ paypal: 'c4@example.com' }),
      ]);
      let expected = 0;
      for (const [i, c] of creators.entries()) {
        for (let n = 0; n < 6; n += 1) {
          const cents = 100 * (i + 1) + n;
          expected += cents;
          await earning(c.id, cents, `2025-05-0${5 + (n % 5)}T0${n}:00:00Z`);
        }
      }

      const runs = await Promise.all(Array.from({ length: 5 }, () => run('2025-W19')));
      const again = await run('2025-W19');

      const payouts = await payoutsOf(...creators);
      expect(payouts.map((p) => p.creator_id).sort()).toEqual(creators.map((c) => c.id).sort());
      const createdByRuns = runs.flatMap((r) => r.created).filter((p) => creators.some((c) => c.id === p.creatorId));
      expect(createdByRuns.map((p) => p.id).sort()).toEqual(payouts.map((p) => p.id).sort());
      expect(again.created.filter((p) => creators.some((c) => c.id === p.creatorId))).toEqual([]);
      expect(payouts.reduce((sum, p) => sum + p.amount, 0)).toBe(expected);
      for (const c of creators) {
        const payout = payouts.find((p) => p.creator_id === c.id)!;
        const entries = await entriesOf(c);
        expect(entries.every((e) => e.payout_id === payout.id)).toBe(true);
        expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(payout.amount);
      }
    });

    it('never pays an entry twice when runs for two weeks race: each payout is exactly the sum of its entries', async () => {
      const creators = await Promise.all([
        creator({ paypal: 'r1@example.com' }),
        creator({ cashapp: 'r2' }),
        creator(),
      ]);
      for (const c of creators) {
        for (let n = 0; n < 4; n += 1) {
          await earning(c.id, 1000 + n, `2025-05-1${2 + n}T12:00:00Z`); // 2025-W20
          await earning(c.id, 2000 + n, `2025-05-2${n}T12:00:00Z`); // 2025-W21
        }
      }

      await Promise.all(
        ['2025-W20', '2025-W21', '2025-W20', '2025-W21', '2025-W21', '2025-W20'].map((week) => run(week)),
      );

      for (const c of creators) {
        const payouts = await payoutsOf(c);
        const entries = await entriesOf(c);
        expect(entries.every((e) => e.payout_id !== null)).toBe(true);
        expect(new Set(payouts.map((p) => p.week)).size).toBe(payouts.length);
        for (const payout of payouts) {
          expect(entries.filter((e) => e.payout_id === payout.id).reduce((sum, e) => sum + e.amount, 0)).toBe(
            payout.amount,
          );
        }
        expect(payouts.reduce((sum, p) => sum + p.amount, 0)).toBe(4 * 1000 + 4 * 2000 + 2 * (0 + 1 + 2 + 3));
      }
    });

    it('refuses a week that has not ended or does not exist', async () => {
      await expect(run('2025-W53')).rejects.toMatchObject({
        kind: 'invalid',
        message: '2025 has 52 ISO weeks, from 2025-W01 to 2025-W52',
      });
      await expect(run('2999-W01')).rejects.toMatchObject({
        kind: 'invalid',
        message: expect.stringContaining('2999-W01 has not ended yet'),
      });
    });
  });

  describe('held payouts, sending and marking paid', () => {
    it('releases a held payout once the creator sets details, sends it to the operators, and an operator marks it paid', async () => {
      const { client, user } = await confirmedCreator();
      const me = { id: user.id, username: user.username };
      await earning(me.id, 1234, '2025-06-03T09:00:00Z');
      await earning(me.id, 766, '2025-06-04T09:00:00Z');
      await run('2025-W23');
      const [held] = await payoutsOf(me);
      expect(held).toMatchObject({ status: 'on_hold', amount: 2000 });

      await app.get(ReleaseHeldPayoutsUseCase).execute();
      expect((await payoutsOf(me))[0]!.status).toBe('on_hold');

      await client.put('/api/users/payout-settings').send({ cashappHandle: '$my_cash' }).expect(200);
      await app.get(ReleaseHeldPayoutsUseCase).execute();
      expect((await payoutsOf(me))[0]).toMatchObject({ status: 'pending', method: 'cashapp', destination: 'my_cash' });
      expect(await sendJob(held!.id)).toMatchObject({ name: 'send' });

      expect(await app.get(SendPayoutUseCase).execute(held!.id)).toEqual({
        payoutId: held!.id,
        status: 'awaiting_manual',
        sent: true,
      });
      expect(await app.get(SendPayoutUseCase).execute(held!.id)).toEqual({
        payoutId: held!.id,
        status: 'awaiting_manual',
        sent: false,
      });

      const listed = await agent(app)
        .get('/api/admin/payouts?status=awaiting_manual')
        .set('Authorization', AS_OPERATOR)
        .expect(200);
      expect((listed.body as { payouts: AdminPayoutView[] }).payouts.find((p) => p.id === held!.id)).toEqual({
        id: held!.id,
        week: '2025-W23',
        amount: 2000,
        currency: 'usd',
        method: 'cashapp',
        status: 'awaiting_manual',
        createdAt: expect.any(String),
        paidAt: null,
        creatorId: me.id,
        username: me.username,
        destination: 'my_cash',
        reference: null,
        providerBatchId: null,
        failureReason: null,
      });

      const paid = await agent(app)
        .post(`/api/admin/payouts/${held!.id}/mark-paid`)
        .set('Authorization', AS_OPERATOR)
        .send({ reference: ' CashApp #T-1001 ' })
        .expect(200);
      expect(paid.body).toMatchObject({
        id: held!.id,
        status: 'paid',
        reference: 'CashApp #T-1001',
        paidAt: expect.any(String),
        username: me.username,
      });
      const entries = await entriesOf(me);
      expect(entries.map((e) => e.paid_out_at?.toISOString())).toEqual([paid.body.paidAt, paid.body.paidAt]);

      const again = await agent(app)
        .post(`/api/admin/payouts/${held!.id}/mark-paid`)
        .set('Authorization', AS_OPERATOR)
        .send({ reference: 'second time' })
        .expect(409);
      expect(again.body).toEqual({ statusCode: 409, message: PayoutMessages.alreadyPaid });
      expect((await payoutsOf(me))[0]!.reference).toBe('CashApp #T-1001');

      const mine = await client.get('/api/payouts').expect(200);
      expect(mine.body).toEqual({
        payouts: [
          {
            id: held!.id,
            week: '2025-W23',
            amount: 2000,
            currency: 'usd',
            method: 'cashapp',
            status: 'paid',
            createdAt: expect.any(String),
            paidAt: paid.body.paidAt,
          },
        ],
        balance: 0,
      });
    });

    it('runs in the worker: the send job takes a new payout to the operators', async () => {
      const dana = await creator({ paypal: 'dana@example.com' });
      await earning(dana.id, 4200, '2025-07-01T12:00:00Z');
      let worker: INestApplicationContext | undefined;
      try {
        worker = await startWorker();
        await run('2025-W27');
        const deadline = Date.now() + 15_000;
        while ((await payoutsOf(dana))[0]?.status !== 'awaiting_manual') {
          if (Date.now() > deadline)
            throw new Error(`The worker did not send the payout: ${JSON.stringify(await payoutsOf(dana))}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      } finally {
        await worker?.close();
      }
      expect((await payoutsOf(dana))[0]).toMatchObject({ status: 'awaiting_manual', method: 'paypal', amount: 4200 });
    });
  });

  describe('GET /api/payouts', () => {
    it('shows a creator their own payouts, newest week first, in cents, and never anyone else’s', async () => {
      const a = await confirmedCreator();
      const b = await signedInCreator(app);
      await a.client.put('/api/users/payout-settings').send({ paypalEmail: 'a@example.com' }).expect(200);
      await earning(a.user.id, 1000, '2025-08-05T10:00:00Z');
      await earning(b.user.id, 777, '2025-08-06T10:00:00Z');
      await run('2025-W32');
      await earning(a.user.id, 2500, '2025-08-12T10:00:00Z');
      await run('2025-W33');

      const mine = (await a.client.get('/api/payouts').expect(200)).body as { payouts: PayoutView[] };
      expect(mine.payouts.map((p) => [p.week, p.amount, p.method, p.status])).toEqual([
        ['2025-W33', 2500, 'paypal', 'pending'],
        ['2025-W32', 1000, 'paypal', 'pending'],
      ]);
      expect(Object.keys(mine.payouts[0]!).sort()).toEqual([
        'amount',
        'createdAt',
        'currency',
        'id',
        'method',
        'paidAt',
        'status',
        'week',
      ]);
      const theirs = (await b.client.get('/api/payouts').expect(200)).body as { payouts: PayoutView[] };
      expect(theirs.payouts.map((p) => [p.week, p.amount, p.status])).toEqual([['2025-W32', 777, 'on_hold']]);
      expect(theirs.payouts.some((p) => mine.payouts.some((m) => m.id === p.id))).toBe(false);

      const fresh = await signedInCreator(app);
      expect((await fresh.client.get('/api/payouts').expect(200)).body).toEqual({ payouts: [], balance: 0 });
      expect((await agent(app).get('/api/payouts').expect(401)).body).toEqual({
        statusCode: 401,
        message: Messages.notSignedIn,
      });
    });
  });

  describe('the admin API', () => {
    let payoutId: string;
    let heldId: string;

    beforeAll(async () => {
      const erin = await creator({ cashapp: 'erin_cash' });
      const frank = await creator();
      await earning(erin.id, 3000, '2025-09-02T10:00:00Z');
      await earning(frank.id, 500, '2025-09-02T10:00:00Z');
      await run('2025-W36');
      const payouts = await payoutsOf(erin, frank);
      payoutId = payouts.find((p) => p.creator_id === erin.id)!.id;
      heldId = payouts.find((p) => p.creator_id === frank.id)!.id;
      await app.get(SendPayoutUseCase).execute(payoutId);
    });

    const routes = () =>
      [
        ['GET', '/api/admin/payouts'],
        ['POST', `/api/admin/payouts/${payoutId}/mark-paid`],
      ] as const;

    it.each([
      ['no credentials', undefined],
      ['a wrong password', basicAuth(OPERATOR.user, 'not-the-password')],
      ['a wrong user', basicAuth('someone', OPERATOR.password)],
      ['a malformed header', 'Basic !!!'],
      ['a bearer token', 'Bearer operator-password-123'],
    ])('answers 401 to %s, and changes nothing', async (_, authorization) => {
      for (const [method, path] of routes()) {
        const call = method === 'GET' ? agent(app).get(path) : agent(app).post(path).send({ reference: 'sneaky' });
        const response = await (authorization ? call.set('Authorization', authorization) : call).expect(401);
        expect(response.body).toEqual({ statusCode: 401, message: 'Operator sign-in required.' });
        expect(response.headers['www-authenticate']).toMatch(/^Basic realm=/);
      }
      expect((await db.query('select status from payouts where id = $1', [payoutId])).rows[0]).toEqual({
        status: 'awaiting_manual',
      });
    });

    it('stays closed when OPERATOR_USER is not set, whatever the credentials', async () => {
      const saved = process.env.OPERATOR_USER;
      delete process.env.OPERATOR_USER;
      const closed = await startApp();
      try {
        for (const authorization of [
          AS_OPERATOR,
          basicAuth('', OPERATOR.password),
          basicAuth('undefined', OPERATOR.password),
        ]) {
          const response = await agent(closed)
            .get('/api/admin/payouts')
            .set('Authorization', authorization)
            .expect(401);
          expect(response.body).toEqual({
            statusCode: 401,
            message: 'Operator access is not configured: set OPERATOR_USER and OPERATOR_PASSWORD.',
          });
          await agent(closed)
            .post(`/api/admin/payouts/${payoutId}/mark-paid`)
            .set('Authorization', authorization)
            .send({ reference: 'x' })
            .expect(401);
        }
      } finally {
        process.env.OPERATOR_USER = saved;
        await closed.close();
      }
      expect((await db.query('select status from payouts where id = $1', [payoutId])).rows[0]).toEqual({
        status: 'awaiting_manual',
      });
    });

    it('lists payouts with usernames, filtered by status and week', async () => {
      const all = (
        await agent(app).get('/api/admin/payouts?week=2025-W36').set('Authorization', AS_OPERATOR).expect(200)
      ).body as { payouts: AdminPayoutView[] };
      expect(all.payouts.map((p) => p.id).sort()).toEqual([payoutId, heldId].sort());
      const held = (
        await agent(app)
          .get('/api/admin/payouts?status=on_hold&week=2025-W36')
          .set('Authorization', AS_OPERATOR)
          .expect(200)
      ).body as {
        payouts: AdminPayoutView[];
      };
      expect(held.payouts).toEqual([
        expect.objectContaining({
          id: heldId,
          status: 'on_hold',
          method: null,
          destination: null,
          username: expect.any(String),
        }),
      ]);
    });

    it.each([
      ['an unknown status', '?status=lost', PayoutMessages.invalidStatus],
      ['a malformed week', '?week=2025-36', PayoutMessages.invalidWeek],
      ['two statuses', '?status=paid&status=failed', PayoutMessages.invalidStatus],
      ['an unknown parameter', '?creator=me', Messages.unexpectedField('creator')],
    ])('refuses %s with 400', async (_, query, message) => {
      const response = await agent(app).get(`/api/admin/payouts${query}`).set('Authorization', AS_OPERATOR).expect(400);
      expect(response.body).toMatchObject({ statusCode: 400, message });
    });

    describe('mark-paid refuses bad input, and changes nothing', () => {
      const markPaid = (id: string, body: unknown) =>
        agent(app)
          .post(`/api/admin/payouts/${id}/mark-paid`)
          .set('Authorization', AS_OPERATOR)
          .send(body as object);

      it.each([
        ['no reference', () => payoutId, {}, 400, PayoutMessages.referenceRequired],
        ['an empty reference', () => payoutId, { reference: '' }, 400, PayoutMessages.referenceRequired],
        ['a blank reference', () => payoutId, { reference: '   ' }, 400, PayoutMessages.referenceRequired],
        [
          'a reference of 256 characters',
          () => payoutId,
          { reference: 'r'.repeat(256) },
          400,
          PayoutMessages.referenceTooLong,
        ],
        ['a number as reference', () => payoutId, { reference: 12345 }, 400, PayoutMessages.referenceRequired],
        ['a null reference', () => payoutId, { reference: null }, 400, PayoutMessages.referenceRequired],
        [
          'an unexpected field',
          () => payoutId,
          { reference: 'ok', amount: 1 },
          400,
          Messages.unexpectedField('amount'),
        ],
        [
          'an unknown id',
          () => '00000000-0000-4000-8000-000000000000',
          { reference: 'ok' },
          404,
          PayoutMessages.notFound,
        ],
        ['a malformed id', () => 'not-a-payout', { reference: 'ok' }, 404, PayoutMessages.notFound],
        ['an id with SQL in it', () => "1' or '1'='1", { reference: 'ok' }, 404, PayoutMessages.notFound],
        ['a payout on hold', () => heldId, { reference: 'ok' }, 409, PayoutMessages.onHold],
      ])('%s', async (_, id, body, status, message) => {
        const before = await db.query('select status, reference, paid_at from payouts order by id');
        const response = await markPaid(id(), body).expect(status);
        expect(response.body).toMatchObject({ statusCode: status, message });
        expect((await db.query('select status, reference, paid_at from payouts order by id')).rows).toEqual(
          before.rows,
        );
      });

      it('a body that is not JSON: 415', async () => {
        const response = await agent(app)
          .post(`/api/admin/payouts/${payoutId}/mark-paid`)
          .set('Authorization', AS_OPERATOR)
          .set('Content-Type', 'text/plain')
          .send('reference=x')
          .expect(415);
        expect(response.body).toEqual({ statusCode: 415, message: Messages.jsonOnly });
      });

      it('accepts a reference of 255 characters, then answers 409', async () => {
        await markPaid(payoutId, { reference: 'r'.repeat(255) }).expect(200);
        const response = await markPaid(payoutId, { reference: 'again' }).expect(409);
        expect(response.body).toEqual({ statusCode: 409, message: PayoutMessages.alreadyPaid });
      });
    });
  });

  describe('PostgresCarryoverStore', () => {
    it('records a carried-over week once per creator and week, answering the first record', async () => {
      const store = app.get(CarryoverStore);
      const [zed, amy] = [await creator(), await creator()];
      const week = parseIsoWeek('2021-W10')!;
      const made = new Date('2021-03-15T00:00:05.000Z');
      const first = carriedOver({ id: randomUUID(), creatorId: zed.id, week, amount: -300, now: made });

      expect(await store.record(first)).toEqual(first);
      expect(await store.record({ ...first, id: randomUUID(), amount: -500 })).toEqual(first);
      await store.record(carriedOver({ id: randomUUID(), creatorId: amy.id, week, amount: 0, now: made }));
      await store.record(carriedOver({ id: randomUUID(), creatorId: amy.id, week: parseIsoWeek('2021-W11')!, amount: -1, now: made }));

      const listed = await store.forOperators('2021-W10', [zed.id, amy.id]);
      expect(listed.map((c) => [c.username, c.amount])).toEqual(
        [
          [zed.username, -300],
          [amy.username, 0],
        ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      );
      expect(await store.forOperators('2021-W10', [])).toEqual([]);
    });
  });

  payoutStoreContract('PostgresPayoutStore', () => ({
    store: app.get(PayoutStore),
    addCreator: async (details = {}) => {
      const made = await creator({
        paypal: details.paypalEmail ?? undefined,
        cashapp: details.cashappHandle ?? undefined,
        verified: details.emailVerified ?? true,
      });
      if (details.username) await db.query('update users set username = $2 where id = $1', [made.id, details.username]);
      return made.id;
    },
    addEntry: (creatorId, amount, at) => earning(creatorId, amount, at),
    entriesOf: async (creatorId) =>
      (await entriesOf({ id: creatorId, username: '' })).map((e) => ({
        id: e.id,
        payoutId: e.payout_id,
        paidOutAt: e.paid_out_at,
      })),
  }));
});
