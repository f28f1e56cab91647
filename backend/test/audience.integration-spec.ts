import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import {
  AudienceMessages,
  BROADCAST_BODY_MAX_LENGTH,
  BROADCAST_SUBJECT_MAX_LENGTH,
  SUBSCRIBE_TITLE_MAX_LENGTH,
  type SubscribersPage,
} from '@linkbio/shared-contracts';
import { agent, signedInCreator, unique, type Database } from './support/harness.js';
import { CONFIRM_LINK, emailListSuite, linkIn, parseCsv, until } from './support/email-list.js';
import type { TestSmtp } from './support/smtp.js';

/*
 * The e-mail list (issue 27) over HTTP, PostgreSQL, Redis and a real SMTP server: subscribe answers the same for
 * any address and asks for a confirmation (double opt-in); only the confirm link puts the address on the list;
 * the page's block works with and without JavaScript; the CSV is safe to open; the list goes with the account
 * and comes with its data; confirm tokens never reach a log line. Broadcasts and unsubscribing:
 * audience-broadcasts.integration-spec.ts.
 */
describe('the e-mail list', () => {
  const suite = emailListSuite('audience');
  const { capture, creatorWithList, confirmedSubscribers, subscribe, statusOf, tokensMailed } = suite;
  let app: INestApplication;
  let db: Database;
  let smtp: TestSmtp;
  beforeAll(() => {
    ({ app, db, smtp } = suite);
  });

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


  it('never logs a confirm token: the link’s path is logged redacted', () => {
    const paths = capture.lines.map((line) => String(line.path ?? line.url ?? ''));
    expect(paths.some((p) => p.startsWith('/list/confirm/[redacted]'))).toBe(true);
    const tokens = tokensMailed();
    expect(tokens.length).toBeGreaterThan(2);
    for (const token of tokens) expect(capture.text).not.toContain(token);
  });
});
