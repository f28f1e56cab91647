import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { AudienceMessages, type BroadcastResponse, type BroadcastsResponse, type SubscribersPage } from '@linkbio/shared-contracts';
import { BroadcastsUseCase } from '../src/modules/audience/application/broadcasts.use-case.js';
import { startWorker, unique, type Database } from './support/harness.js';
import { emailListSuite, linkIn, ORIGIN, UNSUBSCRIBE_LINK, until } from './support/email-list.js';
import { textOf, type TestSmtp } from './support/smtp.js';

/*
 * Broadcasts to the e-mail list (issue 27) over HTTP, PostgreSQL, Redis, the worker and a real SMTP server:
 * Premium only, one a day, sent in batches, each confirmed subscriber once (and no one waiting or gone), even
 * with runs at once or again; every broadcast e-mail carries RFC 8058's one-click unsubscribe, which needs no
 * sign-in and takes effect at once (its GET only shows a button); unsubscribe tokens never reach a log line.
 */
describe('broadcasts to the e-mail list', () => {
  const suite = emailListSuite('audience_broadcasts', { worker: true });
  const { capture, creatorWithList, confirmedSubscribers, subscribe, statusOf, mailsTo, tokensMailed } = suite;
  let app: INestApplication;
  let db: Database;
  let smtp: TestSmtp;
  beforeAll(() => {
    ({ app, db, smtp } = suite);
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


  it('never logs an unsubscribe token: the link’s path is logged redacted', () => {
    const paths = capture.lines.map((line) => String(line.path ?? line.url ?? ''));
    expect(paths.some((p) => p.startsWith('/unsubscribe/[redacted]'))).toBe(true);
    const tokens = tokensMailed();
    expect(tokens.length).toBeGreaterThan(100);
    for (const token of tokens) expect(capture.text).not.toContain(token);
  });
});
