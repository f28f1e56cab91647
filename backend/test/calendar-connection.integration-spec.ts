import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { CalendarMessages, SchedulingMessages, type CalendarConnectionView } from '@linkbio/shared-contracts';
import type { CalendarSweep } from '../src/modules/calendars/application/calendar-sweep.use-case.js';
import { JobQueues } from '../src/shared/queues/job-queues.js';
import { agent, freePort, startApp, startWorker, type Agent, type Database } from './support/harness.js';
import { dateIn, paidBookings } from './support/paid-bookings.js';
import { ownRadicale, testRadicale, type Radicale } from './support/radicale.js';
import { appWithMailbox, textOf, type TestSmtp } from './support/smtp.js';
import { suiteLogLines } from './support/suite-log.js';

/*
 * The creator's own calendar over CalDAV against a real radicale: connecting (read once; a wrong password, an
 * address that is not a calendar, one that cannot be reached or is on a private network refused with a 400
 * and nothing stored), the busy times removing exactly the slots they overlap and refusing such a booking,
 * the worker's sweep reading it again, writing a paid session into it and removing it once cancelled on the
 * manage page, a calendar server gone down (the booking page and slots still answer, the busy times kept, the
 * error shown), the password never in an answer or a log line, disconnecting. The API reaches radicale on
 * 127.0.0.1, so it runs with CALDAV_ALLOW_PRIVATE_NETWORKS=true; one API without it shows the refusal.
 */
const PUBLIC_URL = 'http://localhost:3000';
const TOKEN = /\/booking\/([A-Za-z0-9_-]{43})/;
const at = (days: number, time: string) => `${dateIn(days)}T${time}:00.000Z`;
const icalUtc = (iso: string) => iso.replace(/[-:]/g, '').replace('.000', '');

/** One VEVENT in a calendar object; `extra` lines (RRULE, TRANSP, STATUS…) as given. */
const ics = (uid: string, start: string, end: string, ...extra: string[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//Calendar//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    `DTSTART:${icalUtc(start)}`,
    `DTEND:${icalUtc(end)}`,
    'SUMMARY:Dentist',
    ...extra,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

describe('the creator’s own calendar (CalDAV, radicale)', () => {
  let app: INestApplication;
  let worker: INestApplicationContext;
  let db: Database;
  let smtp: TestSmtp;
  let close: () => Promise<void>;
  let radicale: Radicale;
  let fixtures: ReturnType<typeof paidBookings>;

  beforeAll(async () => {
    delete process.env.STRIPE_SECRET_KEY;
    process.env.CALDAV_ALLOW_PRIVATE_NETWORKS = 'true';
    radicale = await testRadicale();
    ({ app, db, smtp, close } = await appWithMailbox('calendars', PUBLIC_URL));
    worker = await startWorker();
    fixtures = paidBookings(app, db);
  });

  afterAll(async () => {
    await worker?.close();
    await close?.();
    await radicale?.dispose();
    delete process.env.CALDAV_ALLOW_PRIVATE_NETWORKS;
  });

  const connect = (client: Agent, body: Record<string, unknown>) => client.put('/api/users/calendar-connection').send(body);
  const good = (url: string, more: Record<string, unknown> = {}) => ({ url, username: radicale.username, password: radicale.password, ...more });
  const viewOf = async (client: Agent) => (await client.get('/api/users/calendar-connection').expect(200)).body as CalendarConnectionView | null;
  const busyRows = async (creatorId: string) =>
    (await db.query<{ starts_at: Date }>('select starts_at from calendar_busy_times where creator_id = $1 order by starts_at', [creatorId])).rows.map((row) =>
      row.starts_at.toISOString(),
    );
  const idOf = async (username: string) => (await db.query<{ id: string }>('select id from users where username = $1', [username])).rows[0]!.id;
  /** Makes the creator's calendar due for a read, as five minutes passing would. */
  const makeDue = (creatorId: string) =>
    db.query("update calendar_connections set last_tried_at = now() - interval '10 minutes' where creator_id = $1", [creatorId]);

  /** Enqueues `calendar-sweep`, as its schedule does every minute, and waits for the worker to complete it. */
  async function sweep(): Promise<CalendarSweep> {
    const queue = app.get(JobQueues).queue('maintenance');
    const job = await queue.add('calendar-sweep', {});
    const deadline = Date.now() + 25_000;
    for (;;) {
      const state = await job.getState();
      if (state === 'completed') return (await queue.getJob(job.id!))!.returnvalue as CalendarSweep;
      if (state === 'failed') throw new Error(`calendar-sweep failed: ${(await queue.getJob(job.id!))?.failedReason}`);
      if (Date.now() > deadline) throw new Error(`calendar-sweep not done within 25 s (${state})`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('connects a calendar after reading it once, shows it without the password, and stores the password sealed', async () => {
    const owner = await fixtures.creator(true);
    expect(await viewOf(owner.client)).toBeNull();
    const url = await radicale.calendar();
    const connected = (await connect(owner.client, good(url, { writeSessions: true })).expect(200)).body as CalendarConnectionView;
    expect(connected).toEqual({ url, username: radicale.username, writeSessions: true, lastReadAt: expect.any(String), lastError: null });
    const shown = await owner.client.get('/api/users/calendar-connection').expect(200);
    expect(shown.body).toEqual(connected);
    expect(shown.text).not.toContain(radicale.password);
    const stored = await db.query<{ password_sealed: string }>('select password_sealed from calendar_connections where creator_id = $1', [
      await idOf(owner.details.username),
    ]);
    expect(stored.rows[0]!.password_sealed).not.toContain(radicale.password);
    expect(stored.rows[0]!.password_sealed.split('.')).toHaveLength(3);
    const exported = await owner.client.get('/api/users/me/export').expect(200);
    expect(exported.body.calendarConnection).toEqual({
      url,
      username: radicale.username,
      writeSessions: true,
      connectedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      lastReadAt: connected.lastReadAt,
    });
    expect(exported.text).not.toContain(radicale.password);
  });

  it('refuses a wrong password, an address that is no calendar or cannot be reached, and bad input, with a 400; nothing stored', async () => {
    const owner = await fixtures.creator(true);
    const url = await radicale.calendar();
    const closedPort = await freePort();
    const refusals: Array<[Record<string, unknown>, string]> = [
      [good(url, { password: 'not-the-password' }), CalendarMessages.refused],
      [good(`${radicale.origin}/${radicale.username}/`), CalendarMessages.notCalendar],
      [good(`${radicale.origin}/${radicale.username}/no-such-calendar/`), CalendarMessages.notCalendar],
      [good(`http://127.0.0.1:${closedPort}/calendar/`), CalendarMessages.unreachable],
      [good('https://calendar.invalid/dav/'), CalendarMessages.unreachable],
      [good('ftp://example.com/calendar'), CalendarMessages.url],
      [good(''), CalendarMessages.url],
      [good(`https://example.com/${'a'.repeat(2000)}`), CalendarMessages.urlTooLong],
      [{ url, password: radicale.password }, CalendarMessages.username],
      [{ url, username: radicale.username }, CalendarMessages.password],
      [good(url, { password: 'x'.repeat(201) }), CalendarMessages.passwordTooLong],
      [good(url, { writeSessions: 'yes' }), CalendarMessages.writeSessions],
    ];
    for (const [body, message] of refusals) {
      const answer = await connect(owner.client, body).expect(400);
      expect([answer.body.message].flat()).toContain(message);
    }
    expect(await viewOf(owner.client)).toBeNull();
    await connect(agent(app), good(url)).expect(401);
  });

  it('without CALDAV_ALLOW_PRIVATE_NETWORKS refuses http and addresses on private networks before any request', async () => {
    process.env.CALDAV_ALLOW_PRIVATE_NETWORKS = 'false';
    const strict = await startApp();
    try {
      const owner = await fixtures.creator(true);
      const client = agent(strict);
      await client.post('/api/auth/login').send({ email: owner.details.email, password: owner.details.password }).expect(200);
      const port = new URL(radicale.origin).port;
      const cases: Array<[string, string]> = [
        [`http://127.0.0.1:${port}/${radicale.username}/`, CalendarMessages.notHttps],
        [`https://127.0.0.1:${port}/${radicale.username}/`, CalendarMessages.privateAddress],
        [`https://localhost:${port}/${radicale.username}/`, CalendarMessages.privateAddress],
        [`https://[::1]:${port}/`, CalendarMessages.privateAddress],
        [`https://[::ffff:127.0.0.1]:${port}/`, CalendarMessages.privateAddress],
        ['https://169.254.169.254/latest/meta-data/', CalendarMessages.privateAddress],
        ['https://10.0.0.1/', CalendarMessages.privateAddress],
      ];
      for (const [url, message] of cases) {
        expect((await connect(client, good(url)).expect(400)).body.message).toBe(message);
      }
      expect(await viewOf(client)).toBeNull();
    } finally {
      await strict.close();
      process.env.CALDAV_ALLOW_PRIVATE_NETWORKS = 'true';
    }
  });

  it('removes exactly the slots a busy event overlaps (recurring ones too, free and cancelled ones not) and refuses booking them', async () => {
    const owner = await fixtures.creator(true);
    const username = owner.details.username;
    const before = await fixtures.slotsOn(username, 2);
    const url = await radicale.calendar();
    await radicale.putEvent(url, 'dentist', ics('dentist', at(2, '10:30'), at(2, '11:15')));
    await radicale.putEvent(url, 'free', ics('free', at(2, '13:00'), at(2, '14:00'), 'TRANSP:TRANSPARENT'));
    await radicale.putEvent(url, 'cancelled', ics('cancelled', at(2, '15:00'), at(2, '16:00'), 'STATUS:CANCELLED'));
    await radicale.putEvent(url, 'gym', ics('gym', at(1, '18:00'), at(1, '19:00'), 'RRULE:FREQ=DAILY;COUNT=3'));
    await connect(owner.client, good(url)).expect(200);

    const after = await fixtures.slotsOn(username, 2);
    expect(before.filter((slot) => !after.includes(slot))).toEqual([at(2, '10:00'), at(2, '11:00'), at(2, '18:00')]);
    expect(after).toEqual(expect.arrayContaining([at(2, '09:00'), at(2, '12:00'), at(2, '13:00'), at(2, '15:00'), at(2, '19:00')]));
    expect(await fixtures.slotsOn(username, 3)).not.toContain(at(3, '18:00'));
    expect(await fixtures.slotsOn(username, 4)).toContain(at(4, '18:00'));

    const refused = await agent(app)
      .post(`/api/users/${username}/book`)
      .send({ customerName: 'Sam Visitor', customerEmail: 'sam@example.com', slotStart: at(2, '10:00') })
      .expect(400);
    expect(refused.body.message).toBe(SchedulingMessages.slotNotOffered);
    await agent(app)
      .post(`/api/users/${username}/book`)
      .send({ customerName: 'Sam Visitor', customerEmail: 'sam@example.com', slotStart: at(2, '12:00') })
      .expect(201);
  });

  it('reads the calendar again in the worker’s sweep once five minutes have passed, not before', async () => {
    const owner = await fixtures.creator(true);
    const creatorId = await idOf(owner.details.username);
    const url = await radicale.calendar();
    await connect(owner.client, good(url)).expect(200);
    await radicale.putEvent(url, 'lunch', ics('lunch', at(3, '12:00'), at(3, '13:00')));

    await sweep();
    expect(await fixtures.slotsOn(owner.details.username, 3)).toContain(at(3, '12:00'));

    await makeDue(creatorId);
    expect((await sweep()).read).toBeGreaterThanOrEqual(1);
    expect(await fixtures.slotsOn(owner.details.username, 3)).not.toContain(at(3, '12:00'));
    expect(await busyRows(creatorId)).toEqual([at(3, '12:00')]);
  });

  it('writes a paid session into the calendar and removes it once the visitor cancels it on the manage page', async () => {
    const owner = await fixtures.creator(true);
    const url = await radicale.calendar();
    await connect(owner.client, good(url, { writeSessions: true })).expect(200);
    const start = at(4, '09:00');
    const paid = await fixtures.booking(owner.details.username, { slotStart: start });

    expect((await sweep()).written).toBeGreaterThanOrEqual(1);
    const [event, ...others] = await radicale.events(url);
    expect(others).toHaveLength(0);
    expect(event).toContain(`UID:booking-${paid.id}@linkbio`);
    expect(event).toContain('SUMMARY:Session with Sam Visitor');
    expect(event).toContain(`DTSTART:${icalUtc(start)}`);
    expect(event).not.toMatch(/ATTENDEE|ORGANIZER|METHOD/);
    // Written once: the next sweep finds nothing more to write.
    await sweep();
    expect(await radicale.events(url)).toHaveLength(1);

    let receipt: string | undefined;
    for (let tries = 0; !receipt && tries < 100; tries += 1) {
      receipt = smtp.mails.filter((mail) => mail.to.includes(paid.email)).map(textOf).find((text) => TOKEN.test(text));
      if (!receipt) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const token = TOKEN.exec(receipt!)![1]!;
    await agent(app).post(`/api/booking-manage/${token}/cancel`).expect(200);
    expect((await sweep()).removed).toBeGreaterThanOrEqual(1);
    expect(await radicale.events(url)).toEqual([]);
    expect((await db.query('select 1 from calendar_written_events where booking_id = $1', [paid.id])).rowCount).toBe(0);
  });

  it('writes the sessions into another calendar connected instead, leaving those in the one before', async () => {
    const owner = await fixtures.creator(true);
    const [first, second] = [await radicale.calendar(), await radicale.calendar()];
    await connect(owner.client, good(first, { writeSessions: true })).expect(200);
    const paid = await fixtures.booking(owner.details.username, { slotStart: at(5, '15:00') });
    await sweep();
    await connect(owner.client, good(second, { writeSessions: true })).expect(200);
    await sweep();
    for (const url of [first, second]) expect((await radicale.events(url)).map((text) => /UID:(\S+)/.exec(text)![1])).toEqual([`booking-${paid.id}@linkbio`]);
    const written = await db.query<{ href: string }>('select href from calendar_written_events where booking_id = $1', [paid.id]);
    expect(written.rows.map((row) => row.href)).toEqual([`${new URL(second).pathname}booking-${paid.id}.ics`]);
  });

  it('with its calendar server down: the booking page and slots still answer, the busy times kept, the error shown; back up, read again', async () => {
    const down = await ownRadicale();
    try {
      const owner = await fixtures.creator(true);
      const creatorId = await idOf(owner.details.username);
      const url = await down.calendar();
      await down.putEvent(url, 'call', ics('call', at(2, '14:00'), at(2, '15:00')));
      await connect(owner.client, { url, username: down.username, password: down.password }).expect(200);
      await down.stop();

      await makeDue(creatorId);
      expect((await sweep()).failed).toBeGreaterThanOrEqual(1);
      const view = await viewOf(owner.client);
      expect(view!.lastError).toBe(CalendarMessages.unreachable);
      expect(await busyRows(creatorId)).toEqual([at(2, '14:00')]);
      expect(await fixtures.slotsOn(owner.details.username, 2)).not.toContain(at(2, '14:00'));
      expect((await agent(app).get(`/book/${owner.details.username}`).expect(200)).text).toContain(owner.details.displayName);

      await down.start();
      await makeDue(creatorId);
      await sweep();
      expect((await viewOf(owner.client))!.lastError).toBeNull();
    } finally {
      await down.dispose();
    }
  });

  it('disconnects: the busy times go, the slots come back, GET answers null; a second DELETE is a 404', async () => {
    const owner = await fixtures.creator(true);
    const creatorId = await idOf(owner.details.username);
    const url = await radicale.calendar();
    await radicale.putEvent(url, 'busy', ics('busy', at(5, '10:00'), at(5, '11:00')));
    await connect(owner.client, good(url)).expect(200);
    expect(await fixtures.slotsOn(owner.details.username, 5)).not.toContain(at(5, '10:00'));

    expect((await owner.client.delete('/api/users/calendar-connection').expect(200)).body).toEqual({ message: CalendarMessages.disconnected });
    expect(await viewOf(owner.client)).toBeNull();
    expect(await busyRows(creatorId)).toEqual([]);
    expect(await fixtures.slotsOn(owner.details.username, 5)).toContain(at(5, '10:00'));
    expect((await owner.client.delete('/api/users/calendar-connection').expect(404)).body.message).toBe(CalendarMessages.notConnected);
  });

  it('never writes a calendar password into a log line', () => {
    expect(suiteLogLines.length).toBeGreaterThan(0);
    expect(suiteLogLines.filter((line) => line.includes(radicale.password))).toEqual([]);
  });
});
