import type { INestApplication } from '@nestjs/common';
import { Messages, ReminderMessages, type ReminderSettingsView } from '@linkbio/shared-contracts';
import { ReminderStore } from '../src/modules/reminders/application/ports/reminder.store.js';
import { SendRemindersUseCase } from '../src/modules/reminders/application/send-reminders.use-case.js';
import { SendRemindersProcessor } from '../src/modules/reminders/jobs/send-reminders.processor.js';
import { Clock } from '../src/shared/clock.js';
import { PrometheusMetrics } from '../src/shared/metrics/prometheus.metrics.js';
import { SCHEDULES } from '../src/shared/queues/queue-definitions.js';
import { Transactions } from '../src/shared/transactions.js';
import { JobQueues } from '../src/shared/queues/job-queues.js';
import { agent, startApp, startWorker, type Database } from './support/harness.js';
import { paidBookings } from './support/paid-bookings.js';
import { appWithMailbox, textOf, type Mail, type TestSmtp } from './support/smtp.js';

/*
 * Session reminders on real PostgreSQL, the e-mail outbox and a real SMTP server, bookings made and paid over
 * HTTP with the local test provider: the 24-hour and 1-hour reminders to the visitor and the creator at their
 * times, once each — also with two API instances sweeping at the same moment — planned again when the visitor
 * moves the session, never for a cancelled or refunded one, nor for a moment that passed before the booking
 * was paid; the creator's switches (GET/PUT /api/users/reminders) read when sending.
 *
 * Time is the app's own Clock: bookings are made at the real time, then the tests set the clock to the moments
 * around a session's start and run the sweep (what the worker's `send-reminders` job runs every minute).
 */
const PUBLIC_URL = 'http://localhost:3000';
const TOKEN = /\/booking\/([A-Za-z0-9_-]{43})/;
const HOUR = 3_600_000;
const ALL_ON: ReminderSettingsView = { visitor24h: true, visitor1h: true, creator24h: true, creator1h: true };

describe('session reminders', () => {
  let app: INestApplication;
  let db: Database;
  let smtp: TestSmtp;
  let close: () => Promise<void>;
  let fixtures: ReturnType<typeof paidBookings>;
  /** The moment the apps' clocks read; null: the real time. */
  let now: Date | null = null;

  const followClock = (instance: INestApplication) => {
    instance.get(Clock).now = () => (now ? new Date(now) : new Date());
  };

  beforeAll(async () => {
    delete process.env.STRIPE_SECRET_KEY;
    ({ app, db, smtp, close } = await appWithMailbox('reminders', PUBLIC_URL));
    followClock(app);
    fixtures = paidBookings(app, db);
  });

  beforeEach(() => {
    now = null;
  });

  afterAll(async () => {
    await close?.();
  });

  const sweep = (instance = app) => instance.get(SendRemindersUseCase).execute();
  const at = (start: string, msBefore: number) => new Date(Date.parse(start) - msBefore);

  /** A header's value, folded lines joined. */
  const subjectOf = (mail: Mail) => /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(mail.raw)?.[1]!.replace(/\r\n(?=[ \t])/g, '') ?? '';
  /** The reminders received about a booking, in order: [recipient, subject]. */
  const remindersOf = (bookingId: string) =>
    smtp.mails
      .filter((mail) => subjectOf(mail).startsWith('Reminder:') && textOf(mail).includes(`Booking reference: ${bookingId}`))
      .map((mail) => [mail.to.join(','), subjectOf(mail)]);
  const rowsOf = async (bookingId: string) =>
    (
      await db.query<{ kind: string; slot_start: Date }>('select kind, slot_start from booking_reminders where booking_id = $1 order by slot_start, kind', [bookingId])
    ).rows.map((row) => [row.kind, row.slot_start.toISOString()]);

  /** A creator (UTC, every hour of every day) and a paid session `days` from today at `hour`:00 UTC; the token from the receipt. */
  async function paidSession(options: { days?: number; hour?: number; cancellationHours?: number; timeZone?: string } = {}) {
    const owner = await fixtures.creator(true, { cancellationHours: options.cancellationHours ?? 24 });
    const start = (await fixtures.slotsOn(owner.details.username, options.days ?? 3))[options.hour ?? 10]!;
    const paid = await fixtures.booking(owner.details.username, { slotStart: start, timeZone: options.timeZone, locale: 'en-US' });
    const receipt = smtp.mails.find((mail) => mail.to.includes(paid.email) && subjectOf(mail).startsWith('Booking confirmed'));
    const token = TOKEN.exec(textOf(receipt!))?.[1];
    expect(token).toBeDefined();
    return { owner, start, paid, token: token!, link: `/api/booking-manage/${token}` };
  }

  it('reminds the visitor and the creator 24 hours and 1 hour before, each once, at its moment and not before', async () => {
    const { owner, start, paid, token } = await paidSession({ timeZone: 'America/New_York' });
    const visitor = paid.email;
    const creator = owner.details.email;
    const name = owner.details.displayName;

    now = at(start, 24 * HOUR + 1000);
    await sweep();
    expect(remindersOf(paid.id)).toEqual([]);

    now = at(start, 24 * HOUR);
    await sweep();
    await sweep();
    expect(remindersOf(paid.id)).toEqual([
      [visitor, `Reminder: your session with ${name} is tomorrow`],
      [creator, 'Reminder: session with Sam Visitor is tomorrow'],
    ]);

    now = at(start, HOUR + 1000);
    await sweep();
    expect(remindersOf(paid.id)).toHaveLength(2);

    now = at(start, HOUR);
    await sweep();
    now = at(start, 1000);
    await sweep();
    expect(remindersOf(paid.id)).toEqual([
      [visitor, `Reminder: your session with ${name} is tomorrow`],
      [creator, 'Reminder: session with Sam Visitor is tomorrow'],
      [visitor, `Reminder: your session with ${name} is in 1 hour`],
      [creator, 'Reminder: session with Sam Visitor is in 1 hour'],
    ]);
    expect(await rowsOf(paid.id)).toEqual(['creator1h', 'creator24h', 'visitor1h', 'visitor24h'].map((kind) => [kind, start]));
    const outbox = await db.query<{ dedupe_key: string; sent_at: Date | null }>(
      "select dedupe_key, sent_at from email_outbox where dedupe_key like 'reminder:' || $1 || ':%' order by dedupe_key",
      [paid.id],
    );
    expect(outbox.rows.map((row) => [row.dedupe_key, row.sent_at !== null])).toEqual(
      ['creator1h', 'creator24h', 'visitor1h', 'visitor24h'].map((kind) => [`reminder:${paid.id}:${kind}:${start}`, true]),
    );

    // What they say: the session, when (the visitor's zone and the creator's), with whom; never the private link.
    const visitorMail = textOf(smtp.mails.find((mail) => mail.to.includes(visitor) && subjectOf(mail).endsWith('in 1 hour'))!);
    expect(visitorMail).toContain('Session: Session');
    expect(visitorMail).toMatch(/When: .* your time \(America\/New_York\) — .* for .* \(UTC\)/);
    expect(visitorMail).toContain(`With: ${name} (@${owner.details.username})`);
    expect(visitorMail).toContain('Use the link in your booking confirmation to move or cancel it.');
    expect(visitorMail).not.toContain(token);
    expect(visitorMail).not.toMatch(TOKEN);
    const creatorMail = textOf(smtp.mails.find((mail) => mail.to.includes(creator) && subjectOf(mail).endsWith('in 1 hour'))!);
    expect(creatorMail).toContain(`With: Sam Visitor (${visitor})`);
    expect(creatorMail).toContain('(UTC)');
    expect(creatorMail).not.toMatch(TOKEN);

    // After the start: nothing more.
    now = at(start, -HOUR);
    await sweep();
    expect(remindersOf(paid.id)).toHaveLength(4);

    const counted = await app.get(PrometheusMetrics).registry.getSingleMetric('linkbio_session_reminders_sent_total')!.get();
    expect(counted.values.map((value) => value.labels['kind']).sort()).toEqual(['creator1h', 'creator24h', 'visitor1h', 'visitor24h']);
    expect(counted.values.every((value) => value.value >= 1)).toBe(true);
  });

  it('runs from the worker’s every-minute send-reminders job, through the queue', async () => {
    expect(SCHEDULES).toContainEqual({ queue: 'maintenance', id: 'send-reminders', job: 'send-reminders', repeat: { every: 60_000 } });
    const { start, paid } = await paidSession({ days: 4 });
    const worker = await startWorker();
    try {
      expect(worker.get(SendRemindersProcessor).jobs).toEqual(['send-reminders']);
      worker.get(Clock).now = () => at(start, HOUR);
      await app.get(JobQueues).add('maintenance', 'send-reminders', {});
      const deadline = Date.now() + 15_000;
      while (remindersOf(paid.id).length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(remindersOf(paid.id).map(([, subject]) => subject!.endsWith('in 1 hour'))).toEqual([true, true]);
    } finally {
      await worker.close();
    }
  });

  it('plans a moved session again: the old time gets no more reminders, the new one gets its own', async () => {
    const { owner, start, paid, link } = await paidSession({ days: 3, hour: 12 });
    now = at(start, 24 * HOUR);
    await sweep();
    expect(remindersOf(paid.id)).toHaveLength(2);

    now = null;
    const target = (await fixtures.slotsOn(owner.details.username, 5))[9]!;
    await agent(app).post(`${link}/reschedule`).send({ slotStart: target }).expect(200);
    const state = await db.query<{ slot_start: Date }>('select slot_start from bookings where id = $1', [paid.id]);
    expect(state.rows[0]!.slot_start.toISOString()).toBe(target);

    now = at(start, HOUR);
    await sweep();
    expect(remindersOf(paid.id)).toHaveLength(2);

    now = at(target, 24 * HOUR);
    await sweep();
    now = at(target, HOUR);
    await sweep();
    expect(remindersOf(paid.id).map(([, subject]) => subject!.replace(/.* is /, ''))).toEqual(['tomorrow', 'tomorrow', 'tomorrow', 'tomorrow', 'in 1 hour', 'in 1 hour']);
    expect(await rowsOf(paid.id)).toEqual([
      ['creator24h', start],
      ['visitor24h', start],
      ['creator1h', target],
      ['creator24h', target],
      ['visitor1h', target],
      ['visitor24h', target],
    ]);
  });

  it('sends none for a session cancelled by the creator (refunded) or by the visitor (inside the window)', async () => {
    const refunded = await paidSession({ days: 6, hour: 8 });
    await refunded.owner.client.post(`/api/bookings/${refunded.paid.id}/cancel`).expect(200);
    const cancelled = await paidSession({ days: 6, hour: 8, cancellationHours: 168 });
    await agent(app).post(`${cancelled.link}/cancel`).expect(200);
    const statuses = await db.query<{ status: string }>('select status from bookings where id = any($1) order by status', [[refunded.paid.id, cancelled.paid.id]]);
    expect(statuses.rows.map((row) => row.status)).toEqual(['cancelled', 'refunded']);

    for (const before of [24 * HOUR, HOUR]) {
      now = at(refunded.start, before);
      await sweep();
    }
    expect(remindersOf(refunded.paid.id)).toEqual([]);
    expect(remindersOf(cancelled.paid.id)).toEqual([]);
    expect(await rowsOf(refunded.paid.id)).toEqual([]);
    expect(await rowsOf(cancelled.paid.id)).toEqual([]);
  });

  it('sends no reminder whose moment passed before the booking was paid (booked 3 hours ahead: only the 1-hour ones)', async () => {
    const owner = await fixtures.creator(true);
    const soon = [...(await fixtures.slotsOn(owner.details.username, 0)), ...(await fixtures.slotsOn(owner.details.username, 1))].find(
      (slot) => Date.parse(slot) > Date.now() + 2 * HOUR,
    )!;
    const paid = await fixtures.booking(owner.details.username, { slotStart: soon });
    now = new Date();
    await sweep();
    expect(remindersOf(paid.id)).toEqual([]);
    now = at(soon, HOUR);
    await sweep();
    expect(remindersOf(paid.id).map(([, subject]) => subject!.endsWith('in 1 hour'))).toEqual([true, true]);
    expect((await rowsOf(paid.id)).map(([kind]) => kind)).toEqual(['creator1h', 'visitor1h']);
  });

  it('sends each reminder once when two API instances sweep at the same moment', async () => {
    const other = await startApp();
    followClock(other);
    try {
      const owner = await fixtures.creator(true);
      const starts = (await fixtures.slotsOn(owner.details.username, 7)).slice(10, 16);
      const bookings = [];
      for (const start of starts) bookings.push(await fixtures.booking(owner.details.username, { slotStart: start }));
      const ids = bookings.map((booking) => booking.id);

      // The last session's 24-hour moment: all six have theirs due; then the 1-hour moment of each, one by one.
      const moments = [at(starts.at(-1)!, 24 * HOUR), ...starts.map((start) => at(start, HOUR))];
      for (const moment of moments) {
        now = moment;
        await Promise.all([sweep(app), sweep(other), sweep(app), sweep(other)]);
      }

      const rows = await db.query<{ n: string }>('select count(*) as n from booking_reminders where booking_id = any($1)', [ids]);
      expect(Number(rows.rows[0]!.n)).toBe(24);
      const outbox = await db.query<{ n: string }>(
        "select count(*) as n from email_outbox where dedupe_key like any (select 'reminder:' || unnest($1::text[]) || ':%')",
        [ids],
      );
      expect(Number(outbox.rows[0]!.n)).toBe(24);
      for (const id of ids) {
        const received = remindersOf(id);
        expect(received).toHaveLength(4);
        expect(new Set(received.map(([to, subject]) => `${to} ${subject}`)).size).toBe(4);
      }
    } finally {
      await other.close();
    }
  });

  it('reads the sessions page by page in start order, each with what its reminders tell', async () => {
    const owner = await fixtures.creator(true);
    const starts = (await fixtures.slotsOn(owner.details.username, 10)).slice(20, 23);
    const ids: string[] = [];
    for (const start of starts) ids.push((await fixtures.booking(owner.details.username, { slotStart: start, timeZone: 'Asia/Tokyo' })).id);
    const store = app.get(ReminderStore);
    const read = (after: { slotStart: Date; bookingId: string } | null) =>
      app.get(Transactions).run(() => store.lockUpcoming(at(starts[0]!, 2 * HOUR), 1, after));

    const pages = [];
    let after: { slotStart: Date; bookingId: string } | null = null;
    for (;;) {
      const [page] = await read(after);
      if (!page || !ids.includes(page.bookingId)) break;
      pages.push(page);
      after = { slotStart: page.slotStart, bookingId: page.bookingId };
    }
    expect(pages.map((page) => [page.bookingId, page.slotStart.toISOString()])).toEqual(ids.map((id, i) => [id, starts[i]]));
    expect(pages[0]).toMatchObject({
      status: 'paid',
      visitor: { name: 'Sam Visitor', timeZone: 'Asia/Tokyo', phone: null },
      creator: { id: owner.user.id, username: owner.details.username, timeZone: 'UTC' },
      settings: ALL_ON,
      queued: [],
    });
  });

  it('follows the creator’s switches as they are when a reminder is due', async () => {
    const { owner, start, paid } = await paidSession({ days: 8 });
    await owner.client.put('/api/users/reminders').send({ visitor24h: false, visitor1h: true, creator24h: true, creator1h: false }).expect(200);
    now = at(start, 24 * HOUR);
    await sweep();
    expect(remindersOf(paid.id)).toEqual([[owner.details.email, 'Reminder: session with Sam Visitor is tomorrow']]);

    now = null;
    await owner.client.put('/api/users/reminders').send({ visitor24h: true, visitor1h: false, creator24h: true, creator1h: false }).expect(200);
    now = at(start, HOUR);
    await sweep();
    expect(remindersOf(paid.id)).toHaveLength(1);
    expect(await rowsOf(paid.id)).toEqual([['creator24h', start]]);
  });

  it('sends none once the creator deleted their account, and the reminder rows go with their booking', async () => {
    const { owner, start, paid } = await paidSession({ days: 9 });
    await owner.client.put('/api/users/reminders').send({ visitor24h: false, visitor1h: false, creator24h: true, creator1h: true }).expect(200);
    await owner.client.delete('/api/users/me').send({ password: owner.details.password, acknowledgeUnpaidEarnings: true }).expect(200);
    expect((await db.query('select 1 from reminder_settings where creator_id = $1', [owner.user.id])).rows).toEqual([]);
    now = at(start, HOUR);
    await sweep();
    expect(remindersOf(paid.id)).toEqual([]);

    const cascade = await db.query<{ confdeltype: string; target: string }>(
      "select confdeltype, confrelid::regclass::text as target from pg_constraint where conrelid = 'booking_reminders'::regclass and contype = 'f'",
    );
    expect(cascade.rows).toEqual([{ confdeltype: 'c', target: 'bookings' }]);
  });

  describe('the switches over HTTP', () => {
    it('are all on until saved, saved as a whole, and the creator’s own', async () => {
      const { client } = await fixtures.creator(false);
      expect((await client.get('/api/users/reminders').expect(200)).body).toEqual(ALL_ON);
      const saved = { visitor24h: true, visitor1h: false, creator24h: false, creator1h: true };
      expect((await client.put('/api/users/reminders').send(saved).expect(200)).body).toEqual(saved);
      expect((await client.get('/api/users/reminders').expect(200)).body).toEqual(saved);
      const someoneElse = await fixtures.creator(false);
      expect((await someoneElse.client.get('/api/users/reminders').expect(200)).body).toEqual(ALL_ON);
    });

    it('answer 401 to a visitor', async () => {
      expect((await agent(app).get('/api/users/reminders').expect(401)).body.message).toBe(Messages.notSignedIn);
      await agent(app).put('/api/users/reminders').send(ALL_ON).expect(401);
    });

    it('refuse bad input with a 400 that says what to change, and save nothing', async () => {
      const { client } = await fixtures.creator(false);
      const saved = { visitor24h: false, visitor1h: true, creator24h: true, creator1h: true };
      await client.put('/api/users/reminders').send(saved).expect(200);
      const cases: Array<[unknown, string]> = [
        [{ ...saved, visitor1h: 'false' }, ReminderMessages.switchBoolean('visitor1h')],
        [{ ...saved, creator24h: null }, ReminderMessages.switchBoolean('creator24h')],
        [{ ...saved, creator1h: 1 }, ReminderMessages.switchBoolean('creator1h')],
        [{ visitor1h: true, creator24h: true, creator1h: true }, ReminderMessages.switchBoolean('visitor24h')],
        [{ ...saved, email: true }, Messages.unexpectedField('email')],
        [{}, ReminderMessages.switchBoolean('visitor24h')],
      ];
      for (const [body, message] of cases) {
        const refused = await client.put('/api/users/reminders').send(body as object).expect(400);
        expect([body, refused.body.message]).toEqual([body, message]);
      }
      const list = await client.put('/api/users/reminders').set('Content-Type', 'application/json').send('[true, true, true, true]').expect(400);
      expect(list.body.message).toBe(Messages.jsonObjectOnly);
      const malformed = await client.put('/api/users/reminders').set('Content-Type', 'application/json').send('{"visitor24h": tru').expect(400);
      expect(malformed.body.message).toBe(Messages.malformedJson);
      expect((await client.get('/api/users/reminders').expect(200)).body).toEqual(saved);
    });
  });
});
