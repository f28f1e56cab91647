import { randomUUID } from 'node:crypto';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import request from 'supertest';
import {
  AudienceMessages,
  BROADCAST_BODY_MAX_LENGTH,
  BROADCAST_SUBJECT_MAX_LENGTH,
  SUBSCRIBE_TITLE_MAX_LENGTH,
  type BroadcastResponse,
  type BroadcastsResponse,
  type SubscribersPage,
} from '@linkbio/shared-contracts';
import { BroadcastsUseCase } from '../src/modules/audience/application/broadcasts.use-case.js';
import { LogCapture } from '../src/shared/testing/log-capture.js';
import { agent, signedInCreator, startWorker, unique, type Agent, type Database } from './support/harness.js';
import { isAddressConfirmation } from './support/account-security.js';
import { appWithMailbox, textOf, type Mail, type TestSmtp } from './support/smtp.js';

/*
 * The e-mail list (issue 27) over HTTP, PostgreSQL, Redis, the worker and a real SMTP server: subscribe answers
 * the same for any address and asks for a confirmation (double opt-in); the confirm link puts the address on
 * the list; every broadcast e-mail carries RFC 8058's one-click unsubscribe, which needs no sign-in and takes
 * effect at once (its GET only shows a button); broadcasts are Premium, one a day, sent in batches, each
 * recipient once even with runs at once or again; the CSV is safe to open; tokens never reach a log line.
 */
const ORIGIN = 'https://linkbio.example';
const CONFIRM_LINK = /https:\/\/linkbio\.example(\/list\/confirm\/[A-Za-z0-9_-]{43})/;
const UNSUBSCRIBE_LINK = /https:\/\/linkbio\.example(\/unsubscribe\/[A-Za-z0-9_-]{43})/;

describe('the e-mail list', () => {
  const capture = new LogCapture('debug');
  let app: INestApplication;
  let worker: INestApplicationContext;
  let db: Database;
  let smtp: TestSmtp;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, db, smtp, close } = await appWithMailbox('audience', ORIGIN, { logger: capture.logger }));
    worker = await startWorker();
  });

  afterAll(async () => {
    await worker?.close();
    await close?.();
  });

  /** A creator with the page's block on. */
  async function creatorWithList(premium = false) {
    const creator = await signedInCreator(app);
    await creator.client.put('/api/subscribers/settings').send({ enabled: true, title: 'My letters' }).expect(200);
    if (premium) await db.makePremium(creator.user.id);
    return creator;
  }

  const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email) && !isAddressConfirmation(m));

  async function until<T>(what: string, read: () => Promise<T | null | undefined> | T | null | undefined, timeoutMs = 120_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  const linkIn = (mail: Mail, pattern: RegExp) => pattern.exec(textOf(mail))![1]!;
  const subscribe = (username: string, email: string, client: Agent = agent(app)) =>
    client.post(`/api/users/${username}/subscribe`).send({ email });
  const statusOf = async (creatorId: string, email: string) =>
    (await db.query<{ status: string }>('select status from subscribers where creator_id = $1 and email = $2', [creatorId, email])).rows[0]?.status;

  /** `count` confirmed subscribers written straight to the table (a list grown over time). */
  async function confirmedSubscribers(creatorId: string, count: number, prefix: string): Promise<string[]> {
    const emails = Array.from({ length: count }, (_, i) => `${prefix}-${i}@example.com`);
    await db.query(
      `insert into subscribers (id, creator_id, email, status, source, created_at, updated_at, confirmed_at)
       select gen_random_uuid(), $1, e, 'confirmed', 'page', now() - interval '1 day', now() - interval '1 day', now() - interval '1 day'
         from unnest($2::text[]) e`,
      [creatorId, emails],
    );
    return emails;
  }

  describe('bad input: a clear 4xx, nothing stored', () => {
    it.each([
      ['no e-mail', {}],
      ['a number', { email: 5 }],
      ['a list', { email: ['a@example.com'] }],
      ['not an address', { email: 'not-an-address' }],
      ['too long', { email: `${'a'.repeat(250)}@example.com` }],
      ['blank', { email: '   ' }],
    ])('subscribe with %s → 400', async (_case, body) => {
      const { user } = await creatorWithList();
      const response = await agent(app).post(`/api/users/${user.username}/subscribe`).send(body).expect(400);
      expect(JSON.stringify(response.body)).toContain(AudienceMessages.validEmailRequired);
      expect((await db.query('select 1 from subscribers where creator_id = $1', [user.id])).rowCount).toBe(0);
    });

    it('subscribe to nobody, or to a page without the block → 404', async () => {
      await subscribe(unique('nobody'), 'a@example.com').expect(404);
      const { user } = await signedInCreator(app);
      const response = await subscribe(user.username, 'a@example.com').expect(404);
      expect(response.body.message).toBe(AudienceMessages.listUnavailable);
    });

    it.each([
      ['no subject', { body: 'Hi' }, AudienceMessages.subjectRequired],
      ['a blank subject', { subject: '  ', body: 'Hi' }, AudienceMessages.subjectRequired],
      ['a long subject', { subject: 'x'.repeat(BROADCAST_SUBJECT_MAX_LENGTH + 1), body: 'Hi' }, AudienceMessages.subjectTooLong],
      ['no body', { subject: 'News' }, AudienceMessages.bodyRequired],
      ['a long body', { subject: 'News', body: 'x'.repeat(BROADCAST_BODY_MAX_LENGTH + 1) }, AudienceMessages.bodyTooLong],
      ['a numeric body', { subject: 'News', body: 7 }, AudienceMessages.bodyRequired],
    ])('broadcast with %s → 400', async (_case, body, message) => {
      const { client, user } = await creatorWithList(true);
      const response = await client.post('/api/broadcasts').send(body).expect(400);
      expect(JSON.stringify(response.body)).toContain(message);
      expect((await db.query('select 1 from broadcasts where creator_id = $1', [user.id])).rowCount).toBe(0);
    });

    it.each([
      ['enabled missing', { title: 'x' }, AudienceMessages.enabledRequired],
      ['enabled a string', { enabled: 'yes' }, AudienceMessages.enabledRequired],
      ['a long title', { enabled: true, title: 'x'.repeat(SUBSCRIBE_TITLE_MAX_LENGTH + 1) }, AudienceMessages.titleTooLong],
    ])('settings with %s → 400', async (_case, body, message) => {
      const { client } = await signedInCreator(app);
      const response = await client.put('/api/subscribers/settings').send(body).expect(400);
      expect(JSON.stringify(response.body)).toContain(message);
    });

    it('list queries, removals and sign-in', async () => {
      const { client } = await signedInCreator(app);
      await client.get('/api/subscribers?limit=0').expect(400);
      await client.get('/api/subscribers?limit=201').expect(400);
      await client.get('/api/subscribers?cursor=%21%21').expect(400);
      await client.delete('/api/subscribers/not-an-id').expect(404);
      await client.delete(`/api/subscribers/${randomUUID()}`).expect(404);
      await agent(app).get('/api/subscribers').expect(401);
      await agent(app).get('/api/subscribers.csv').expect(401);
      await agent(app).post('/api/broadcasts').send({ subject: 'a', body: 'b' }).expect(401);
    });

    it('bad tokens: a page saying the link is not valid, nothing changed', async () => {
      const anyone = agent(app);
      for (const token of ['short', 'Zz0_unknown-token-of-the-right-shape-0123456']) {
        const confirm = await anyone.get(`/list/confirm/${token}`).expect(404);
        expect(confirm.text).toContain(AudienceMessages.confirmLinkInvalid);
        await anyone.get(`/unsubscribe/${token}`).expect(404);
        await anyone.post(`/unsubscribe/${token}`).expect(404);
      }
    });
  });

  it('double opt-in: the same answer for a new, waiting or confirmed address; only the confirm link puts it on the list', async () => {
    const { client, user } = await creatorWithList();
    const email = `${unique('fan')}@example.com`;
    const first = await subscribe(user.username, ` ${email.toUpperCase()} `).expect(202);
    expect(first.body).toEqual({ message: AudienceMessages.checkInbox });
    const [mail] = await until('the confirmation', () => (smtp.mails.some((m) => m.to.includes(email)) ? smtp.mails.filter((m) => m.to.includes(email)) : null));

    // Waiting: listed as pending, not counted as on the list.
    let list = (await client.get('/api/subscribers').expect(200)).body as SubscribersPage;
    expect(list.subscribers.map((s) => [s.email, s.status, s.source])).toEqual([[email, 'pending', 'page']]);
    expect(list.confirmedCount).toBe(0);
    expect(list.settings).toEqual({ enabled: true, title: 'My letters' });

    // Asked again while waiting: the same answer, a new link (the old one stops working).
    const again = await subscribe(user.username, email).expect(202);
    expect(again.body).toEqual(first.body);
    await until('the second confirmation', () => smtp.mails.filter((m) => m.to.includes(email)).length === 2);
    const [, second] = smtp.mails.filter((m) => m.to.includes(email));
    await agent(app).get(linkIn(mail!, CONFIRM_LINK)).expect(404);
    expect(await statusOf(user.id, email)).toBe('pending');

    const page = await agent(app).get(linkIn(second!, CONFIRM_LINK)).expect(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.text).toContain(AudienceMessages.confirmed);
    expect(await statusOf(user.id, email)).toBe('confirmed');
    list = (await client.get('/api/subscribers').expect(200)).body as SubscribersPage;
    expect(list.confirmedCount).toBe(1);
    expect(list.subscribers[0]!.confirmedAt).not.toBeNull();

    // Confirmed: the same answer again, and no e-mail.
    const known = await subscribe(user.username, email).expect(202);
    expect(known.body).toEqual(first.body);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails.filter((m) => m.to.includes(email))).toHaveLength(2);
  });

  it('the page shows the block; its plain form (no JavaScript) answers with a page', async () => {
    const { client, user } = await creatorWithList();
    const bio = await agent(app).get(`/${user.username}`).expect(200);
    expect(bio.text).toContain(`action="/list/join/${user.username}"`);
    expect(bio.text).toContain('My letters');
    expect(bio.text).toMatch(/<script type="module" src="\/p\/assets\/subscribe-[^"]+\.js">/);

    const email = `${unique('form')}@example.com`;
    const answer = await agent(app).post(`/list/join/${user.username}`).type('form').send({ email }).expect(200);
    expect(answer.headers['content-type']).toContain('text/html');
    expect(answer.text).toContain(AudienceMessages.checkInbox);
    expect(await statusOf(user.id, email)).toBe('pending');
    const bad = await agent(app).post(`/list/join/${user.username}`).type('form').send({ email: 'nope' }).expect(400);
    expect(bad.text).toContain(AudienceMessages.validEmailRequired);

    await client.put('/api/subscribers/settings').send({ enabled: false }).expect(200);
    const without = await agent(app).get(`/${user.username}`).expect(200);
    expect(without.text).not.toContain('/list/join/');
    await agent(app).post(`/list/join/${user.username}`).type('form').send({ email }).expect(404);
  });

  it('subscribes are limited per e-mail address', async () => {
    const { user } = await creatorWithList();
    const email = `${unique('flood')}@example.com`;
    for (let i = 0; i < 5; i += 1) await subscribe(user.username, email).expect(202);
    const refused = await subscribe(user.username, email).expect(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('broadcasts: Premium only, one a day, in batches, each confirmed subscriber once; one-click unsubscribe at once', async () => {
    const { client, user } = await creatorWithList();
    await confirmedSubscribers(user.id, 205, unique('bulk'));
    const pending = `${unique('pending')}@example.com`;
    await subscribe(user.username, pending).expect(202);
    const gone = `${unique('gone')}@example.com`;
    await db.query(
      `insert into subscribers (id, creator_id, email, status, source, created_at, updated_at, confirmed_at, unsubscribed_at)
       values (gen_random_uuid(), $1, $2, 'unsubscribed', 'page', now(), now(), now() - interval '2 days', now())`,
      [user.id, gone],
    );

    const free = await client.post('/api/broadcasts').send({ subject: 'News', body: 'Hello' }).expect(403);
    expect(free.body.message).toBe(AudienceMessages.premiumOnly);
    await db.makePremium(user.id);

    const sent = await client.post('/api/broadcasts').send({ subject: 'Spring news', body: 'New prints are out.\nSee you!' }).expect(202);
    const { broadcast } = sent.body as BroadcastResponse;
    expect(broadcast).toMatchObject({ subject: 'Spring news', recipientCount: 205 });
    const again = await client.post('/api/broadcasts').send({ subject: 'More', body: 'Again' }).expect(409);
    expect(again.body.message).toBe(AudienceMessages.oneBroadcastADay);

    const done = await until('the broadcast sent', async () => {
      const { broadcasts } = (await client.get('/api/broadcasts').expect(200)).body as BroadcastsResponse;
      return broadcasts[0]?.status === 'sent' ? broadcasts[0] : null;
    });
    expect(done).toMatchObject({ id: broadcast.id, recipientCount: 205, sentCount: 205 });
    const outbox = await db.query<{ recipient: string }>("select recipient from email_outbox where dedupe_key like $1", [`broadcast-${broadcast.id}-%`]);
    expect(outbox.rowCount).toBe(205);
    expect(new Set(outbox.rows.map((r) => r.recipient)).size).toBe(205);
    expect(outbox.rows.map((r) => r.recipient)).not.toEqual(expect.arrayContaining([pending]));
    expect(outbox.rows.map((r) => r.recipient)).not.toEqual(expect.arrayContaining([gone]));
    const delivered = await until('every broadcast mail delivered', () => {
      const mails = smtp.mails.filter((m) => textOf(m).includes('New prints are out.'));
      return mails.length >= 205 ? mails : null;
    });
    expect(delivered).toHaveLength(205);
    expect(new Set(delivered.flatMap((m) => m.to)).size).toBe(205);
    expect(mailsTo(pending).some((m) => textOf(m).includes('New prints'))).toBe(false);
    expect(mailsTo(gone)).toHaveLength(0);

    // RFC 8058: the headers name the one-click POST; the text shows the same link.
    const mail = delivered[0]!;
    const path = linkIn(mail, UNSUBSCRIBE_LINK);
    const headers = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
    expect(headers).toContain(`List-Unsubscribe: <${ORIGIN}${path}>`);
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(textOf(mail)).toContain(`Unsubscribe: ${ORIGIN}${path}`);
    const recipient = mail.to[0]!;

    // GET (a mail scanner's prefetch) changes nothing; it shows a button that POSTs.
    const page = await request(app.getHttpServer()).get(path).expect(200);
    expect(page.text).toContain(`<form method="post" action="${path}">`);
    expect(await statusOf(user.id, recipient)).toBe('confirmed');

    // The one-click POST, with no session and no cookie: unsubscribed at once.
    const posted = await request(app.getHttpServer()).post(path).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect(posted.text).toContain(AudienceMessages.unsubscribed);
    expect(await statusOf(user.id, recipient)).toBe('unsubscribed');
    await request(app.getHttpServer()).post(path).expect(200);
    expect(((await client.get('/api/subscribers?limit=200').expect(200)).body as SubscribersPage).confirmedCount).toBe(204);

    // Tomorrow's broadcast goes to those still on the list only.
    await db.query("update broadcasts set sent_on = sent_on - 1 where id = $1", [broadcast.id]);
    const next = ((await client.post('/api/broadcasts').send({ subject: 'Later', body: 'Next one' }).expect(202)).body as BroadcastResponse).broadcast;
    expect(next.recipientCount).toBe(204);
    await until('the second broadcast sent', async () => (await db.query("select 1 from broadcasts where id = $1 and status = 'sent'", [next.id])).rowCount);
    const second = await db.query<{ recipient: string }>('select recipient from email_outbox where dedupe_key like $1', [`broadcast-${next.id}-%`]);
    expect(second.rowCount).toBe(204);
    expect(second.rows.map((r) => r.recipient)).not.toContain(recipient);
  }, 300_000);

  it('each recipient exactly once with two workers at once and a retried job', async () => {
    const { client, user } = await creatorWithList(true);
    await confirmedSubscribers(user.id, 420, unique('race'));
    const otherWorker = await startWorker();
    try {
      const { broadcast } = (await client.post('/api/broadcasts').send({ subject: 'Race', body: 'Once each' }).expect(202)).body as BroadcastResponse;
      // The queued job runs in a worker while two more runs of the same batches go at once, then one again.
      await Promise.all([
        app.get(BroadcastsUseCase).sendBatch(broadcast.id, 0),
        otherWorker.get(BroadcastsUseCase).sendBatch(broadcast.id, 0),
        otherWorker.get(BroadcastsUseCase).sendBatch(broadcast.id, 1),
      ]);
      await until('the broadcast sent', async () => (await db.query("select 1 from broadcasts where id = $1 and status = 'sent'", [broadcast.id])).rowCount);
      expect(await app.get(BroadcastsUseCase).sendBatch(broadcast.id, 0)).toBe(0);
      const rows = await db.query<{ recipient: string; n: string }>(
        'select recipient, count(*)::text as n from email_outbox where dedupe_key like $1 group by recipient',
        [`broadcast-${broadcast.id}-%`],
      );
      expect(rows.rowCount).toBe(420);
      expect(rows.rows.every((r) => r.n === '1')).toBe(true);
      const claims = await db.query('select 1 from broadcast_recipients where broadcast_id = $1', [broadcast.id]);
      expect(claims.rowCount).toBe(420);
    } finally {
      await otherWorker.close();
    }
  }, 300_000);

  it('the CSV: every subscriber, cells safe from formulas, parsed back; removal; account export and deletion', async () => {
    const { client, user, details } = await creatorWithList();
    await confirmedSubscribers(user.id, 2, unique('csv'));
    await db.query(
      `insert into subscribers (id, creator_id, email, status, source, created_at, updated_at)
       values (gen_random_uuid(), $1, '=hyperlink("x")@example.com', 'pending', 'checkout', now(), now())`,
      [user.id],
    );
    const csv = await client.get('/api/subscribers.csv').expect(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('attachment');
    const rows = parseCsv(csv.text);
    expect(rows[0]).toEqual(['Email', 'Status', 'Source', 'Subscribed (UTC)', 'Confirmed (UTC)', 'Unsubscribed (UTC)']);
    expect(rows).toHaveLength(4);
    expect(rows.find((r) => r[0]!.includes('hyperlink'))!.slice(0, 3)).toEqual(["'=hyperlink(\"x\")@example.com", 'pending', 'checkout']);
    expect(rows.every((r) => !/^[=+\-@]/.test(r[0]!))).toBe(true);

    const list = (await client.get('/api/subscribers?limit=2').expect(200)).body as SubscribersPage;
    expect(list.subscribers).toHaveLength(2);
    const rest = (await client.get(`/api/subscribers?limit=2&cursor=${list.nextCursor}`).expect(200)).body as SubscribersPage;
    expect(rest.subscribers).toHaveLength(1);
    expect(rest.nextCursor).toBeNull();

    const other = await signedInCreator(app);
    await other.client.delete(`/api/subscribers/${list.subscribers[0]!.id}`).expect(404);
    await client.delete(`/api/subscribers/${list.subscribers[0]!.id}`).expect(200);
    await client.delete(`/api/subscribers/${list.subscribers[0]!.id}`).expect(404);

    const exported = (await client.get('/api/users/me/export').expect(200)).body as { emailList: { subscribers: unknown[]; block: unknown } };
    expect(exported.emailList.subscribers).toHaveLength(2);
    expect(exported.emailList.block).toEqual({ enabled: true, title: 'My letters' });

    // A broadcast still being sent when the account goes: its unsent e-mails go with it.
    await db.query(
      `insert into broadcasts (id, creator_id, subject, body, sent_on, status, recipient_count, created_at)
       values ($1, $2, 'Going', 'Bye', current_date, 'sending', 1, now())`,
      [randomUUID(), user.id],
    );
    const [{ id: broadcastId }] = (await db.query<{ id: string }>('select id from broadcasts where creator_id = $1', [user.id])).rows;
    await db.query(
      `insert into email_outbox (id, dedupe_key, recipient, subject, body, created_at) values ($1, $2, 'x@example.com', 'Going', 'Bye', now())`,
      [randomUUID(), `broadcast-${broadcastId}-${randomUUID()}`],
    );

    await client.delete('/api/users/me').send({ password: details.password }).expect(200);
    expect((await db.query('select 1 from subscribers where creator_id = $1', [user.id])).rowCount).toBe(0);
    expect((await db.query('select 1 from broadcasts where creator_id = $1', [user.id])).rowCount).toBe(0);
    expect((await db.query('select 1 from email_outbox where dedupe_key like $1', [`broadcast-${broadcastId}-%`])).rowCount).toBe(0);
  });

  it('never logs a confirm or unsubscribe token: their paths are logged redacted', () => {
    const paths = capture.lines.map((line) => String(line.path ?? line.url ?? ''));
    expect(paths.some((p) => p.startsWith('/list/confirm/[redacted]'))).toBe(true);
    expect(paths.some((p) => p.startsWith('/unsubscribe/[redacted]'))).toBe(true);
    const tokens = [
      ...smtp.mails.flatMap((m) => [CONFIRM_LINK.exec(textOf(m))?.[1], UNSUBSCRIBE_LINK.exec(textOf(m))?.[1]]).filter(Boolean),
    ].map((path) => path!.split('/').pop()!);
    expect(tokens.length).toBeGreaterThan(100);
    const text = capture.text;
    for (const token of tokens) expect(text).not.toContain(token);
  });
});

/** RFC 4180 CSV back into rows (quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    }
    else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += c;
  }
  return rows;
}
