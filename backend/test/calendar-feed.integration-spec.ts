import { createHash } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { CalendarFeedMessages, Messages, type AccountExport, type CalendarFeedView } from '@linkbio/shared-contracts';
import ICAL from 'ical.js';
import pg from 'pg';
import type { Env } from '../src/config/env.js';
import { PostgresCalendarFeedStore } from '../src/modules/calendar-feed/infrastructure/postgres-calendar-feed.store.js';
import { ENV } from '../src/shared/infrastructure/infrastructure.tokens.js';
import { LogCapture } from '../src/shared/testing/log-capture.js';
import { mailsTo } from './support/account-security.js';
import { agent, testDatabaseUrl, uniqueIp, type Agent, type Database } from './support/harness.js';
import { paidBookings } from './support/paid-bookings.js';
import { appWithMailbox, textOf, type Mail, type TestSmtp } from './support/smtp.js';

/*
 * The creator's private calendar feed over HTTP, on PostgreSQL and Redis, with the local test provider and a
 * real SMTP server: its address (made on first ask, replaceable), and the feed at that address as a calendar
 * app reads it — parsed by Mozilla's ical.js — listing the creator's paid sessions under the UIDs and SEQUENCEs
 * of the invites they were e-mailed, and nothing of anyone else's.
 */
const PUBLIC_URL = 'https://linkbio.example';
const FEED_URL = /^https:\/\/linkbio\.example\/calendar\/([A-Za-z0-9_-]{43})\.ics$/;
const MANAGE_LINK = /\/booking\/([A-Za-z0-9_-]{43})/;

interface FeedEvent {
  uid: string;
  sequence: number;
  status: string;
  summary: string;
  description: string;
  location: string | null;
  start: string;
}

/** The feed as a calendar app reads it. */
function eventsOf(ics: string): { name: string; events: FeedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return {
    name: String(calendar.getFirstPropertyValue('x-wr-calname')),
    events: calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      return {
        uid: event.uid,
        sequence: event.sequence,
        status: String(vevent.getFirstPropertyValue('status')),
        summary: event.summary,
        description: event.description,
        location: event.location,
        start: event.startDate.toJSDate().toISOString(),
      };
    }),
  };
}

/** The invite a mail carries (its text/calendar part, decoded): UID and SEQUENCE. */
function inviteOf(mail: Mail): { uid: string; sequence: number; method: string } {
  const match =
    /Content-Type: text\/calendar[^\r\n]*\r\n(?:Content-Transfer-Encoding: ([^\r\n]+)\r\n)?\r\n([\s\S]*?)\r\n--/.exec(
      mail.raw,
    );
  if (!match) throw new Error(`No invite in:\n${mail.raw}`);
  const [, encoding, body] = match;
  const ics =
    encoding === 'base64'
      ? Buffer.from(body!.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? body!
            .replace(/=\r\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
        : body!;
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  return { uid: event.uid, sequence: event.sequence, method: String(calendar.getFirstPropertyValue('method')) };
}

const pathOf = (url: string) => new URL(url).pathname;
const tokenOf = (url: string) => FEED_URL.exec(url)![1]!;

describe("the creator's private calendar feed", () => {
  const capture = new LogCapture('debug');
  let app: INestApplication;
  let db: Database;
  let smtp: TestSmtp;
  let close: () => Promise<void>;
  let fixtures: ReturnType<typeof paidBookings>;
  /** Every feed token handed out in this file. */
  const tokens = new Set<string>();

  beforeAll(async () => {
    delete process.env.STRIPE_SECRET_KEY;
    ({ app, db, smtp, close } = await appWithMailbox('calendar_feed', PUBLIC_URL, { logger: capture.logger }));
    fixtures = paidBookings(app, db);
  });

  afterAll(async () => {
    await close?.();
  });

  async function feedAddress(client: Agent, replace = false): Promise<string> {
    const answer = replace
      ? await client.post('/api/users/calendar-feed/replace').expect(200)
      : await client.get('/api/users/calendar-feed').expect(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const { url } = answer.body as CalendarFeedView;
    expect(url).toMatch(FEED_URL);
    tokens.add(tokenOf(url));
    return url;
  }

  /** The feed as a calendar app fetches it: no cookie, its own client address. */
  const fetchFeed = (url: string) => agent(app, uniqueIp()).get(pathOf(url));

  // 'calendar-feed' is a name no page can take, so the public profile's fast path leaves the call to the API.
  it('answers 401 to a signed-out ask for the address or its replacement', async () => {
    const visitor = agent(app);
    expect((await visitor.get('/api/users/calendar-feed').expect(401)).body).toEqual({
      statusCode: 401,
      message: Messages.notSignedIn,
    });
    await visitor.post('/api/users/calendar-feed/replace').expect(401);
  });

  it("lists the creator's paid sessions with the invites' UIDs and SEQUENCEs, a cancelled one CANCELLED, nothing else", async () => {
    const owner = await fixtures.creator(true, { cancellationHours: 24 });
    const username = owner.details.username;
    const [first, second, third] = await fixtures.slotsOn(username, 3);
    const kept = await fixtures.booking(username, { slotStart: first });
    const cancelled = await fixtures.booking(username, { slotStart: second });
    const unpaid = await fixtures.booking(username, { slotStart: third, pay: false });
    const other = await fixtures.creator(true);
    const [othersSlot] = await fixtures.slotsOn(other.details.username, 3);
    const someoneElses = await fixtures.booking(other.details.username, { slotStart: othersSlot });

    // The visitor cancels through their manage link: refunded (outside the window), the creator sent the cancel.
    const [receipt] = await mailsTo(smtp, cancelled.email, 1, 10_000, (mail) => MANAGE_LINK.test(textOf(mail)));
    const manageToken = MANAGE_LINK.exec(textOf(receipt!))![1]!;
    await agent(app).post(`/api/booking-manage/${manageToken}/cancel`).expect(200);
    // What a booking of a session type keeps: its name, where it meets, the visitor's answers.
    await db.query(`update bookings set session_name = 'Portfolio review', location = $2, answers = $3 where id = $1`, [
      kept.id,
      JSON.stringify({ kind: 'in_person', address: '1 Main St, Springfield' }),
      JSON.stringify([{ question: 'What should we look at?', answer: 'My case studies' }]),
    ]);

    const url = await feedAddress(owner.client);
    expect(await feedAddress(owner.client)).toBe(url);
    const answer = await fetchFeed(url).expect(200);
    expect(answer.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('private, max-age=300');
    const { name, events } = eventsOf(answer.text);
    expect(name).toBe('Linkbio sessions');

    // The creator's own invites, as e-mailed: the booking's REQUEST, then the cancellation's CANCEL.
    const creatorMails = await mailsTo(smtp, owner.details.email, 3, 10_000, (mail) =>
      mail.raw.includes('text/calendar'),
    );
    const invites = creatorMails.map(inviteOf);
    const latest = new Map(invites.map((invite) => [invite.uid, invite.sequence]));
    expect(invites.find((invite) => invite.method === 'CANCEL')).toEqual({
      uid: `booking-${cancelled.id}@linkbio`,
      sequence: 1,
      method: 'CANCEL',
    });

    expect(events.map((event) => event.uid).sort()).toEqual([...latest.keys()].sort());
    expect(events.map((event) => [event.uid, event.sequence])).toEqual([
      [`booking-${kept.id}@linkbio`, latest.get(`booking-${kept.id}@linkbio`)],
      [`booking-${cancelled.id}@linkbio`, 1],
    ]);
    const [keptEvent, cancelledEvent] = events as [FeedEvent, FeedEvent];
    expect(keptEvent).toMatchObject({
      status: 'CONFIRMED',
      summary: 'Portfolio review with Sam Visitor',
      location: '1 Main St, Springfield',
      start: new Date(first!).toISOString(),
    });
    expect(keptEvent.description).toContain('In person: 1 Main St, Springfield');
    expect(keptEvent.description).toContain(`Email: ${kept.email}`);
    expect(keptEvent.description).toContain('What should we look at?: My case studies');
    expect(cancelledEvent).toMatchObject({ status: 'CANCELLED', summary: 'Session with Sam Visitor', location: null });
    const uids = events.map((event) => event.uid);
    expect(uids).not.toContain(`booking-${unpaid.id}@linkbio`);
    expect(uids).not.toContain(`booking-${someoneElses.id}@linkbio`);
    expect(answer.text).not.toContain(someoneElses.email);
  });

  it('keeps the token only hashed and sealed, and never writes it to the log', async () => {
    const owner = await fixtures.creator(false);
    const url = await feedAddress(owner.client);
    const token = tokenOf(url);
    await fetchFeed(url).expect(200);

    const { rows } = await db.query<{ token_hash: string; sealed_token: string }>(
      'select * from calendar_feeds where user_id = $1',
      [owner.user.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows[0])).not.toContain(token);
    const everywhere = await db.query<{ found: boolean }>(
      `select exists (select 1 from calendar_feeds f where f::text like '%' || $1 || '%') as found`,
      [token],
    );
    expect(everywhere.rows[0]!.found).toBe(false);

    await new Promise((resolve) => setTimeout(resolve, 50));
    const lines = capture.lines.filter(
      (line) => line.msg === 'request completed' && String(line.path).startsWith('/calendar/'),
    );
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => line.path === '/calendar/[redacted]' && line.route === '/calendar/:token.ics')).toBe(
      true,
    );
    for (const seen of tokens) expect(capture.text).not.toContain(seen);
  });

  it('opens its kept copy while SESSION_SECRET is rotated, sealing it anew; one no key opens gets a new address', async () => {
    const pool = new pg.Pool({ connectionString: testDatabaseUrl(), max: 1 });
    try {
      const owner = await fixtures.creator(false);
      const url = await feedAddress(owner.client);
      const sealed = async () =>
        (
          await db.query<{ sealed_token: string }>('select sealed_token from calendar_feeds where user_id = $1', [
            owner.user.id,
          ])
        ).rows[0]!.sealed_token;
      const before = await sealed();
      const appSecret = app.get<Env>(ENV).SESSION_SECRET;
      const newer = 'a-newer-session-secret-for-the-feed-0123456789';

      expect(await new PostgresCalendarFeedStore(pool, [newer, appSecret]).tokenOf(owner.user.id)).toBe(tokenOf(url));
      expect(await sealed()).not.toBe(before);
      expect(await new PostgresCalendarFeedStore(pool, [newer]).tokenOf(owner.user.id)).toBe(tokenOf(url));
      // This API knows only the older secret now: the feed still works (found by its hash) until the address is
      // asked for, which makes a new one.
      await fetchFeed(url).expect(200);
      const renewed = await feedAddress(owner.client);
      expect(renewed).not.toBe(url);
      await fetchFeed(url).expect(404);
      await fetchFeed(renewed).expect(200);
    } finally {
      await pool.end();
    }
  });

  it('replaces the address: the old one answers 404 at once, the new one the feed', async () => {
    const owner = await fixtures.creator(true);
    const [slot] = await fixtures.slotsOn(owner.details.username, 2);
    const paid = await fixtures.booking(owner.details.username, { slotStart: slot });
    const old = await feedAddress(owner.client);
    await fetchFeed(old).expect(200);

    const fresh = await feedAddress(owner.client, true);
    expect(fresh).not.toBe(old);
    expect((await fetchFeed(old).expect(404)).body).toEqual({
      statusCode: 404,
      message: CalendarFeedMessages.notFound,
    });
    expect(await feedAddress(owner.client)).toBe(fresh);
    const { events } = eventsOf((await fetchFeed(fresh).expect(200)).text);
    expect(events.map((event) => event.uid)).toEqual([`booking-${paid.id}@linkbio`]);
  });

  it.each([
    ['an unknown token', `/calendar/${'A'.repeat(43)}.ics`],
    ['a malformed token', '/calendar/not-a-token.ics'],
    ['a token too long', `/calendar/${'A'.repeat(44)}.ics`],
  ])('answers %s with the same 404, never stored', async (_, path) => {
    const answer = await agent(app).get(path).expect(404);
    expect(answer.body).toEqual({ statusCode: 404, message: CalendarFeedMessages.notFound });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it("answers 404 once the creator's account is deleted, and names the feed (not its address) in the export", async () => {
    const owner = await fixtures.creator(false);
    const url = await feedAddress(owner.client);
    const exported = (await owner.client.get('/api/users/me/export').expect(200)).body as AccountExport;
    expect(exported.calendarFeed).toEqual({ createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(JSON.stringify(exported)).not.toContain(tokenOf(url));

    await owner.client.delete('/api/users/me').send({ password: owner.details.password }).expect(200);
    expect((await fetchFeed(url).expect(404)).body).toEqual({
      statusCode: 404,
      message: CalendarFeedMessages.notFound,
    });
    expect((await db.query('select 1 from calendar_feeds where user_id = $1', [owner.user.id])).rowCount).toBe(0);
  });

  it('tells a creator who never asked for one that there is no feed in the export', async () => {
    const owner = await fixtures.creator(false);
    const exported = (await owner.client.get('/api/users/me/export').expect(200)).body as AccountExport;
    expect(exported.calendarFeed).toBeNull();
    expect(exported.calendarConnection).toBeNull();
  });

  it('refuses a feed read too often from anywhere with 429 and Retry-After', async () => {
    const owner = await fixtures.creator(false);
    const url = await feedAddress(owner.client);
    for (let i = 0; i < 30; i += 1) await fetchFeed(url).expect(200);
    const refused = await fetchFeed(url).expect(429);
    expect(refused.body).toEqual({ statusCode: 429, message: CalendarFeedMessages.tooMany(10) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
