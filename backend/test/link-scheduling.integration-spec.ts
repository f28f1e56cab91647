import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { INestApplication } from '@nestjs/common';
import { Messages, ScheduleMessages, type LinkView, type PublicProfileResponse } from '@linkbio/shared-contracts';
import { Clock } from '../src/shared/clock.js';
import { FixedClock } from '../src/shared/testing/fixed-clock.js';
import { agent, Database, signedInCreator, startApp, type Agent } from './support/harness.js';

/*
 * Link scheduling (Premium) over HTTP, on real PostgreSQL and Redis: what the public page, the public API,
 * /go/{id} and the click API show and answer before, during and after a link's window, and who may set one.
 *
 * Time is the app's own Clock: every use case holds the one instance, so the tests make it read a
 * FixedClock they move, and the boundaries are exact to the millisecond without waiting.
 *
 * Caching: the public pages are sent with `Cache-Control: no-cache`, so a browser or proxy revalidates every
 * time; the server keeps each page with its links' windows and decides what shows at each request, so a page
 * that changes at 09:00 shows the change at 09:00. The "cache boundary" tests below prove it, including for a
 * cache that revalidates with the old ETag.
 */

const SERVER_ENTRY = fileURLToPath(new URL('../../public-app/dist/server/entry-server.js', import.meta.url));
const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const MINUTE = 60_000;

/** `date` written as local time at `offsetMinutes` from UTC, as a creator's browser could send it. */
function inZone(date: Date, offsetMinutes: number): string {
  const local = new Date(date.getTime() + offsetMinutes * MINUTE).toISOString().slice(0, 23);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offsetMinutes) % 60).padStart(2, '0');
  return `${local}${sign}${hours}:${minutes}`;
}

describe('link scheduling over HTTP', () => {
  let app: INestApplication;
  let db: Database;
  let clock: FixedClock;
  /** The clock's start, on a whole second: the tests' "now". */
  let t0: number;

  beforeAll(async () => {
    if (!existsSync(SERVER_ENTRY))
      throw new Error(`No public app build at ${SERVER_ENTRY}: run \`npm run build\` first.`);
    app = await startApp();
    db = new Database();
    t0 = Math.floor(Date.now() / 1000) * 1000;
    clock = new FixedClock(new Date(t0));
    const appClock = app.get(Clock);
    appClock.now = () => clock.now();
  });

  beforeEach(() => clock.set(new Date(t0)));

  afterAll(async () => {
    await db?.close();
    await app?.close();
  });

  /** `minutes` after the tests' now. */
  const at = (minutes: number) => new Date(t0 + minutes * MINUTE);
  const iso = (minutes: number) => at(minutes).toISOString();
  const visitor = () => agent(app).set('User-Agent', BROWSER);

  async function creator({ premium }: { premium: boolean }) {
    const signedIn = await signedInCreator(app);
    if (premium) await db.makePremium(signedIn.user.id);
    return signedIn;
  }

  async function addLink(client: Agent, body: Record<string, unknown> = {}): Promise<LinkView> {
    const response = await client
      .post('/api/links')
      .send({ title: 'Always', url: 'https://example.com/always', order: 0, ...body })
      .expect(201);
    return response.body as LinkView;
  }

  /** Titles of the links the public API lists. */
  async function listed(username: string): Promise<string[]> {
    const response = await visitor().get(`/api/users/${username}`).expect(200);
    return (response.body as PublicProfileResponse).links.map((link) => link.title);
  }

  /** Whether the bio page, /go/{id} and the click API each offer the link. */
  async function offered(username: string, link: LinkView) {
    const page = await visitor().get(`/${username}`).expect(200);
    const go = await visitor().get(`/go/${link.id}`);
    const click = await visitor().post(`/api/links/${link.id}/click`).send({});
    return {
      onPage: page.text.includes(`href="/go/${link.id}"`),
      inApi: (await listed(username)).includes(link.title),
      go: go.status,
      click: click.status,
    };
  }

  const SHOWN = { onPage: true, inApi: true, go: 302, click: 200 };
  const HIDDEN = { onPage: false, inApi: false, go: 404, click: 404 };

  describe('a premium creator’s scheduled link', () => {
    let username: string;
    let sale: LinkView;

    beforeAll(async () => {
      clock.set(new Date(t0));
      const { client, user } = await creator({ premium: true });
      username = user.username;
      await addLink(client);
      sale = await addLink(client, {
        title: 'Sale',
        url: 'https://example.com/sale',
        startsAt: iso(60),
        endsAt: iso(120),
      });
    });

    it.each([
      ['before the start', -60 * MINUTE, HIDDEN],
      ['a millisecond before the start', 60 * MINUTE - 1, HIDDEN],
      ['exactly at the start', 60 * MINUTE, SHOWN],
      ['during the window', 90 * MINUTE, SHOWN],
      ['a millisecond before the end', 120 * MINUTE - 1, SHOWN],
      ['exactly at the end', 120 * MINUTE, HIDDEN],
      ['after the end', 24 * 60 * MINUTE, HIDDEN],
    ])('is offered %s', async (_case, offset, expected) => {
      clock.set(new Date(t0 + offset));

      expect(await offered(username, sale)).toEqual(expected);
      expect(await listed(username)).toContain('Always');
    });

    it('answers /go/{id} outside the window with the page a switched-off link gets', async () => {
      clock.set(at(0));

      const response = await visitor().get(`/go/${sale.id}`).expect(404);

      expect(response.text).toContain('Link Not Found');
      const click = await visitor().post(`/api/links/${sale.id}/click`).send({}).expect(404);
      expect(click.body).toMatchObject({ message: Messages.linkNotFound });
    });
  });

  describe('cache boundary', () => {
    it('serves the bio page uncached, so it shows a start the instant it comes, even to a revalidating cache', async () => {
      const { client, user } = await creator({ premium: true });
      const start = at(30);
      const sale = await addLink(client, { title: 'Sale', startsAt: start.toISOString(), endsAt: iso(45) });

      clock.set(new Date(start.getTime() - 1));
      const before = await visitor().get(`/${user.username}`).expect(200);
      expect(before.headers['cache-control']).toBe('no-cache');
      expect(before.text).not.toContain(`/go/${sale.id}`);

      clock.set(start);
      // As a browser or proxy holding the earlier page revalidates it (no-cache): it gets the new page.
      const after = await visitor()
        .get(`/${user.username}`)
        .set('If-None-Match', String(before.headers.etag))
        .expect(200);
      expect(after.headers['cache-control']).toBe('no-cache');
      expect(after.text).toContain(`/go/${sale.id}`);
    });

    it('shows an end the instant it comes on the page and in the public API, which no cache keeps', async () => {
      const { client, user } = await creator({ premium: true });
      const end = at(45);
      const sale = await addLink(client, { title: 'Sale', endsAt: end.toISOString() });

      clock.set(new Date(end.getTime() - 1));
      const live = await visitor().get(`/${user.username}`).expect(200);
      expect(live.text).toContain(`/go/${sale.id}`);
      const api = await visitor().get(`/api/users/${user.username}`).expect(200);
      expect(api.headers['cache-control'] ?? '').not.toMatch(/max-age|public|immutable/);

      clock.set(end);
      // As a browser or proxy holding the earlier page revalidates it (no-cache): it gets the new page.
      const ended = await visitor()
        .get(`/${user.username}`)
        .set('If-None-Match', String(live.headers.etag))
        .expect(200);
      expect(ended.text).not.toContain(`/go/${sale.id}`);
      expect(await listed(user.username)).toEqual([]);
    });
  });

  describe('plan rules', () => {
    it('refuses a free creator’s schedule with 403 naming Premium, on create and on update, storing nothing', async () => {
      const { client } = await creator({ premium: false });

      const create = await client
        .post('/api/links')
        .send({ title: 'Sale', url: 'https://example.com', startsAt: iso(60) })
        .expect(403);
      expect(create.body).toMatchObject({ statusCode: 403, message: ScheduleMessages.premiumOnly });
      expect(ScheduleMessages.premiumOnly).toBe(
        'Scheduling links is part of Premium. Upgrade to schedule when a link appears.',
      );
      expect((await client.get('/api/links').expect(200)).body).toEqual([]);

      const link = await addLink(client);
      expect(link).toMatchObject({ startsAt: null, endsAt: null });
      const update = await client
        .put(`/api/links/${link.id}`)
        .send({ endsAt: iso(60) })
        .expect(403);
      expect(update.body).toMatchObject({ message: ScheduleMessages.premiumOnly });
      expect((await client.get('/api/links').expect(200)).body).toEqual([
        expect.objectContaining({ id: link.id, startsAt: null, endsAt: null }),
      ]);
    });

    it('lets a free creator send null bounds (nothing to schedule)', async () => {
      const { client } = await creator({ premium: false });

      const link = await addLink(client, { startsAt: null, endsAt: null });
      const updated = await client.put(`/api/links/${link.id}`).send({ startsAt: null }).expect(200);

      expect(updated.body).toMatchObject({ startsAt: null, endsAt: null });
    });

    it('lets a premium creator schedule, reading times given in their own time zone as instants', async () => {
      const { client } = await creator({ premium: true });
      const start = at(60);
      const end = at(60 * 26);

      const link = await addLink(client, { startsAt: inZone(start, 330), endsAt: inZone(end, -420) });

      expect(link).toMatchObject({ startsAt: start.toISOString(), endsAt: end.toISOString() });
      const moved = await client
        .put(`/api/links/${link.id}`)
        .send({ startsAt: inZone(at(90), 60) })
        .expect(200);
      expect(moved.body).toMatchObject({ startsAt: iso(90), endsAt: end.toISOString() });
      expect(Object.keys(moved.body as object).sort()).toEqual([
        'clicks',
        'createdAt',
        'endsAt',
        'id',
        'isActive',
        'kind',
        'order',
        'startsAt',
        'thumbnail',
        'title',
        'url',
      ]);
    });

    it('stops applying schedules when premium ends, keeps them, and applies them again when it returns', async () => {
      const { client, user } = await creator({ premium: true });
      await addLink(client);
      const upcoming = await addLink(client, { title: 'Upcoming', startsAt: iso(60) });
      const ended = await addLink(client, { title: 'Ended', startsAt: iso(-60), endsAt: iso(-30) });
      const off = await addLink(client, { title: 'Off', endsAt: iso(60) });
      await client.put(`/api/links/${off.id}`).send({ isActive: false }).expect(200);
      expect(await listed(user.username)).toEqual(['Always']);

      await db.makePremium(user.id, false);

      expect((await listed(user.username)).sort()).toEqual(['Always', 'Ended', 'Upcoming']);
      expect(await offered(user.username, upcoming)).toEqual(SHOWN);
      expect(await offered(user.username, ended)).toEqual(SHOWN);
      const saved = (await client.get('/api/links').expect(200)).body as LinkView[];
      expect(saved.find((link) => link.id === upcoming.id)).toMatchObject({ startsAt: iso(60), endsAt: null });
      expect(saved.find((link) => link.id === ended.id)).toMatchObject({ startsAt: iso(-60), endsAt: iso(-30) });

      await db.makePremium(user.id, true);

      expect(await listed(user.username)).toEqual(['Always']);
    });

    it('lets a creator whose premium ended clear a schedule but not set a new one', async () => {
      const { client, user } = await creator({ premium: true });
      const link = await addLink(client, { startsAt: iso(60), endsAt: iso(120) });
      await db.makePremium(user.id, false);

      const refused = await client
        .put(`/api/links/${link.id}`)
        .send({ endsAt: iso(180) })
        .expect(403);
      expect(refused.body).toMatchObject({ message: ScheduleMessages.premiumOnly });
      await client.put(`/api/links/${link.id}`).send({ title: 'Renamed' }).expect(200);

      const cleared = await client.put(`/api/links/${link.id}`).send({ startsAt: null, endsAt: null }).expect(200);

      expect(cleared.body).toMatchObject({ title: 'Renamed', startsAt: null, endsAt: null });
      await db.makePremium(user.id, true);
      expect(await listed(user.username)).toEqual(['Renamed']);
    });
  });

  describe('bad input', () => {
    let client: Agent;
    let link: LinkView;

    beforeAll(async () => {
      clock.set(new Date(t0));
      ({ client } = await creator({ premium: true }));
      link = await addLink(client, { startsAt: iso(60) });
    });

    it.each([
      ['a local time without zone', { startsAt: '2030-03-02T09:00' }, ScheduleMessages.invalidStart],
      ['a local time with seconds but no zone', { endsAt: '2030-03-02T09:00:00' }, ScheduleMessages.invalidEnd],
      ['a date alone', { startsAt: '2030-03-02' }, ScheduleMessages.invalidStart],
      ['an impossible date', { endsAt: '2030-02-30T09:00:00Z' }, ScheduleMessages.invalidEnd],
      ['hour 24', { startsAt: '2030-03-02T24:00:00Z' }, ScheduleMessages.invalidStart],
      ['words', { startsAt: 'tomorrow' }, ScheduleMessages.invalidStart],
      ['an empty string', { endsAt: '' }, ScheduleMessages.invalidEnd],
      ['a number', { startsAt: 1893456000000 }, ScheduleMessages.invalidStart],
      ['a boolean', { endsAt: true }, ScheduleMessages.invalidEnd],
      ['an object', { startsAt: { date: '2030-03-02' } }, ScheduleMessages.invalidStart],
    ])('refuses %s with 400 and a message', async (_case, schedule, message) => {
      const created = await client
        .post('/api/links')
        .send({ title: 'Bad', url: 'https://example.com', ...schedule })
        .expect(400);
      expect(created.body).toMatchObject({ statusCode: 400, message });

      const updated = await client.put(`/api/links/${link.id}`).send(schedule).expect(400);
      expect(updated.body).toMatchObject({ statusCode: 400, message });
    });

    it.each([
      ['an end equal to the start', () => ({ startsAt: iso(10), endsAt: iso(10) }), ScheduleMessages.endNotAfterStart],
      ['an end before the start', () => ({ startsAt: iso(10), endsAt: iso(5) }), ScheduleMessages.endNotAfterStart],
      [
        'an end before the start in other time zones',
        () => ({ startsAt: inZone(at(10), 120), endsAt: inZone(at(9), -300) }),
        ScheduleMessages.endNotAfterStart,
      ],
      ['a start beyond ten years', () => ({ startsAt: iso(60 * 24 * 366 * 10) }), ScheduleMessages.outOfRange],
      ['an end beyond ten years', () => ({ endsAt: '9999-12-31T23:59:59Z' }), ScheduleMessages.outOfRange],
      ['a start more than ten years ago', () => ({ startsAt: '0001-01-01T00:00:00Z' }), ScheduleMessages.outOfRange],
    ])('refuses %s with 400', async (_case, schedule, message) => {
      const created = await client
        .post('/api/links')
        .send({ title: 'Bad', url: 'https://example.com', ...schedule() })
        .expect(400);
      expect(created.body).toMatchObject({ message });
      expect(message).toMatch(
        /^(The end must be after the start\.|Schedule dates must be within ten years from now\.)$/,
      );
    });

    it('refuses an end at or before the saved start', async () => {
      const response = await client
        .put(`/api/links/${link.id}`)
        .send({ endsAt: iso(60) })
        .expect(400);

      expect(response.body).toMatchObject({ message: ScheduleMessages.endNotAfterStart });
    });

    it('stored nothing for any refused request', async () => {
      const links = (await client.get('/api/links').expect(200)).body as LinkView[];

      expect(links).toEqual([expect.objectContaining({ id: link.id, startsAt: iso(60), endsAt: null })]);
    });

    it('is guarded by the database too: an end at or before the start is refused', async () => {
      await expect(db.query('update links set ends_at = starts_at where id = $1', [link.id])).rejects.toMatchObject({
        code: '23514',
      });
    });
  });
});
