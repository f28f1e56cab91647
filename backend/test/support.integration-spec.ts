import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import {
  Messages,
  SupportMessages,
  type AdminSupportRequestsResponse,
  type AdminSupportRequestView,
  type SupportRequestResponse,
  type SupportRequestsResponse,
} from '@linkbio/shared-contracts';
import { SupportRequestStore } from '../src/modules/support/application/ports/support-request.store.js';
import { supportRequestStoreContract } from '../src/modules/support/testing/support-request-store.contract.js';
import { isAddressConfirmation } from './support/account-security.js';
import { agent, basicAuth, Database, ownDatabase, signedInCreator, startApp, unique } from './support/harness.js';
import { startSmtp, textOf, type TestSmtp } from './support/smtp.js';

/*
 * Support requests over HTTP, PostgreSQL and Redis: creators send them ('Help' in the avatar menu) and get
 * an e-mail copy, received here by a real SMTP server (smtp-server); operators list them, open and priority first,
 * and close them through the admin API (HTTP Basic).
 */

const OPERATOR = { user: 'support-ops', password: 'operator-password-123' };
const AS_OPERATOR = basicAuth(OPERATOR.user, OPERATOR.password);
describe('support requests over HTTP', () => {
  let database: Awaited<ReturnType<typeof ownDatabase>>;
  let app: INestApplication;
  let db: Database;
  let smtp: TestSmtp;

  beforeAll(async () => {
    // A database of its own: every sign-up mails a link, and another spec file's API sending the shared
    // outbox would take this file's mails to its own mail server.
    database = await ownDatabase('support');
    process.env.TEST_DATABASE_URL = database.url;
    smtp = await startSmtp();
    process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
    process.env.MAIL_FROM = 'Linkbio <support@linkbio.test>';
    process.env.OPERATOR_USER = OPERATOR.user;
    process.env.OPERATOR_PASSWORD = OPERATOR.password;
    app = await startApp();
    db = new Database();
  });

  afterAll(async () => {
    await db?.close();
    await app?.close();
    await smtp.close();
    await database?.drop();
  });

  const requestsOf = async (creatorId: string) =>
    (
      await db.query<{ id: string; subject: string; message: string; priority: boolean; status: string }>(
        'select id, subject, message, priority, status from support_requests where creator_id = $1 order by created_at',
        [creatorId],
      )
    ).rows;

  const outboxOf = async (requestId: string) =>
    (
      await db.query<{ recipient: string; subject: string; sent_at: Date | null }>(
        'select recipient, subject, sent_at from email_outbox where dedupe_key = $1',
        [`support-${requestId}-copy`],
      )
    ).rows;

  /** Support's mails to an address (not the confirmation of the address every sign-up gets). */
  const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email) && !isAddressConfirmation(m));

  describe('a creator asks for help', () => {
    it('free: 201 with the request, stored as not priority, and a copy e-mailed promising three business days', async () => {
      const { client, user, details } = await signedInCreator(app);

      const response = await client
        .post('/api/support-requests')
        .send({ subject: '  Avatar upload fails  ', message: 'Every PNG I try says "Upload failed".\nWhat can I do?' })
        .expect(201);

      const { request } = response.body as SupportRequestResponse;
      expect(request).toEqual({
        id: expect.any(String),
        subject: 'Avatar upload fails',
        message: 'Every PNG I try says "Upload failed".\nWhat can I do?',
        priority: false,
        status: 'open',
        createdAt: expect.any(String),
        closedAt: null,
      });
      expect(await requestsOf(user.id)).toEqual([
        {
          id: request.id,
          subject: 'Avatar upload fails',
          message: request.message,
          priority: false,
          status: 'open',
        },
      ]);
      const [row] = await outboxOf(request.id);
      expect(row).toMatchObject({ recipient: details.email, subject: 'We received your request: Avatar upload fails' });
      expect(row!.sent_at).not.toBeNull();

      const [mail] = mailsTo(details.email);
      expect(mailsTo(details.email)).toHaveLength(1);
      const text = textOf(mail!);
      expect(text).toContain('Subject: We received your request: Avatar upload fails');
      expect(text).toContain('From: Linkbio <support@linkbio.test>');
      expect(text).toContain(`Hi ${details.displayName},`);
      expect(text).toContain('We will reply to this address within three business days.');
      expect(text).toContain('Every PNG I try says "Upload failed".\nWhat can I do?');
      expect(text).toContain(`Request reference: ${request.id}`);
    });

    it('Premium: marked priority, and the copy promises one business day', async () => {
      const { client, user, details } = await signedInCreator(app);
      await db.makePremium(user.id);

      const response = await client
        .post('/api/support-requests')
        .send({ subject: 'Custom domain', message: 'Can I use my own domain?' })
        .expect(201);

      expect((response.body as SupportRequestResponse).request.priority).toBe(true);
      expect((await requestsOf(user.id)).map((r) => r.priority)).toEqual([true]);
      const [mail] = mailsTo(details.email);
      expect(textOf(mail!)).toContain(
        'As a Premium creator you have priority support: we will reply to this address within one business day.',
      );
    });

    it('lists the creator’s own requests, newest first', async () => {
      const { client } = await signedInCreator(app);
      const other = await signedInCreator(app);
      await client.post('/api/support-requests').send({ subject: 'First', message: 'One' }).expect(201);
      await other.client.post('/api/support-requests').send({ subject: 'Not yours', message: 'Two' }).expect(201);
      await client.post('/api/support-requests').send({ subject: 'Second', message: 'Three' }).expect(201);

      const response = await client.get('/api/support-requests').expect(200);

      expect((response.body as SupportRequestsResponse).requests.map((r) => r.subject)).toEqual(['Second', 'First']);
    });

    const valid = { subject: 'Help', message: 'Please help' };
    it.each([
      ['no fields', {}, SupportMessages.subjectRequired],
      ['a blank subject', { ...valid, subject: '   ' }, SupportMessages.subjectRequired],
      ['a subject that is a number', { ...valid, subject: 42 }, SupportMessages.subjectRequired],
      ['a subject of 121 characters', { ...valid, subject: 's'.repeat(121) }, SupportMessages.subjectTooLong],
      ['no message', { subject: 'Help' }, SupportMessages.messageRequired],
      ['a blank message', { ...valid, message: ' \n\t ' }, SupportMessages.messageRequired],
      ['a message of 5001 characters', { ...valid, message: 'm'.repeat(5001) }, SupportMessages.messageTooLong],
      ['a message that is a list', { ...valid, message: ['a'] }, SupportMessages.messageRequired],
      ['a priority chosen by the client', { ...valid, priority: true }, Messages.unexpectedField('priority')],
      ['a status chosen by the client', { ...valid, status: 'closed' }, Messages.unexpectedField('status')],
    ])('%s: 400 with the message, nothing stored or e-mailed', async (_, body, message) => {
      const { client, user, details } = await signedInCreator(app);

      const response = await client.post('/api/support-requests').send(body).expect(400);

      expect(response.body).toMatchObject({ statusCode: 400, message });
      expect(await requestsOf(user.id)).toEqual([]);
      const outbox = "select 1 from email_outbox where recipient = $1 and dedupe_key not like 'email-verify-%'";
      expect((await db.query(outbox, [details.email])).rowCount).toBe(0);
    });

    it('accepts exactly 120 and 5000 characters', async () => {
      const { client } = await signedInCreator(app);
      const response = await client
        .post('/api/support-requests')
        .send({ subject: 'é'.repeat(120), message: 'm'.repeat(5000) })
        .expect(201);
      expect((response.body as SupportRequestResponse).request.subject).toHaveLength(120);
    });

    it('a body that is not JSON: 415, nothing stored', async () => {
      const { client, user } = await signedInCreator(app);
      const response = await client
        .post('/api/support-requests')
        .set('Content-Type', 'text/plain')
        .send('subject=Help&message=x')
        .expect(415);
      expect(response.body).toEqual({ statusCode: 415, message: Messages.jsonOnly });
      expect(await requestsOf(user.id)).toEqual([]);
    });

    it('signed out: 401 to sending and listing, nothing stored', async () => {
      const before = (await db.query<{ n: number }>('select count(*)::int as n from support_requests')).rows[0]!.n;
      const sent = await agent(app).post('/api/support-requests').send(valid).expect(401);
      expect(sent.body).toEqual({ statusCode: 401, message: Messages.notSignedIn });
      const listed = await agent(app).get('/api/support-requests').expect(401);
      expect(listed.body).toEqual({ statusCode: 401, message: Messages.notSignedIn });
      const after = (await db.query<{ n: number }>('select count(*)::int as n from support_requests')).rows[0]!.n;
      expect(after).toBe(before);
    });

    it('five requests an hour: the sixth answers 429 with Retry-After and is not stored', async () => {
      const { client, user } = await signedInCreator(app);
      for (let i = 1; i <= 5; i += 1)
        await client
          .post('/api/support-requests')
          .send({ subject: `Try ${i}`, message: 'Hello' })
          .expect(201);

      const refused = await client
        .post('/api/support-requests')
        .send({ subject: 'Try 6', message: 'Hello' })
        .expect(429);

      expect(refused.body).toEqual({ statusCode: 429, message: SupportMessages.tooMany(60) });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
      expect(await requestsOf(user.id)).toHaveLength(5);
      // Another creator is not held back.
      const other = await signedInCreator(app);
      await other.client.post('/api/support-requests').send(valid).expect(201);
    });

    it('counts in PostgreSQL (rate_limits) when there is no Redis', async () => {
      const noRedis = await startApp({ redis: false });
      try {
        const { client, user } = await signedInCreator(noRedis);
        for (let i = 1; i <= 5; i += 1) await client.post('/api/support-requests').send(valid).expect(201);
        const refused = await client.post('/api/support-requests').send(valid).expect(429);
        expect(refused.body.message).toBe(SupportMessages.tooMany(60));
        expect(await requestsOf(user.id)).toHaveLength(5);
      } finally {
        await noRedis.close();
      }
    });
  });

  describe('the operators’ queue', () => {
    const ids: Record<string, string> = {};
    let freeCreator: { username: string; email: string };
    let premiumCreator: { username: string; email: string };

    const list = async (query = '') =>
      (
        (await agent(app).get(`/api/admin/support-requests${query}`).set('Authorization', AS_OPERATOR).expect(200))
          .body as AdminSupportRequestsResponse
      ).requests.filter((r) => Object.values(ids).includes(r.id));
    const close = (id: string, authorization = AS_OPERATOR) =>
      agent(app).post(`/api/admin/support-requests/${id}/close`).set('Authorization', authorization);

    beforeAll(async () => {
      const free = await signedInCreator(app);
      const premium = await signedInCreator(app);
      await db.makePremium(premium.user.id);
      freeCreator = { username: free.details.username, email: free.details.email };
      premiumCreator = { username: premium.details.username, email: premium.details.email };
      const send = async (name: string, client: typeof free.client, at: string) => {
        const response = await client.post('/api/support-requests').send({ subject: name, message: `About ${name}` });
        ids[name] = (response.body as SupportRequestResponse).request.id;
        // Spread the creation times far apart, so the order does not hang on milliseconds between calls.
        await db.query('update support_requests set created_at = $2 where id = $1', [ids[name], at]);
      };
      await send('free, oldest', free.client, '2026-01-05T09:00:00Z');
      await send('premium, older', premium.client, '2026-01-05T10:00:00Z');
      await send('free, newer', free.client, '2026-01-05T11:00:00Z');
      await send('premium, newest', premium.client, '2026-01-05T12:00:00Z');
      // Premium ends: the requests keep the priority they were sent with.
      await db.makePremium(premium.user.id, false);
    });

    it.each([
      ['no credentials', undefined],
      ['a wrong password', basicAuth(OPERATOR.user, 'not-the-password')],
      ['a creator’s session only', 'session'],
    ])('answers 401 to %s, and changes nothing', async (_, authorization) => {
      const creator = await signedInCreator(app);
      const client = authorization === 'session' ? creator.client : agent(app);
      const header = authorization === 'session' ? undefined : authorization;
      const listCall = client.get('/api/admin/support-requests');
      const closeCall = client.post(`/api/admin/support-requests/${ids['free, oldest']}/close`);
      if (header) for (const call of [listCall, closeCall]) call.set('Authorization', header);

      const listed = await listCall.expect(401);
      expect(listed.body).toEqual({ statusCode: 401, message: 'Operator sign-in required.' });
      expect(listed.headers['www-authenticate']).toMatch(/^Basic realm=/);
      await closeCall.expect(401);
      expect((await db.query('select status from support_requests where id = $1', [ids['free, oldest']])).rows).toEqual(
        [{ status: 'open' }],
      );
    });

    it('lists priority first, then the oldest first, with each creator’s username and e-mail', async () => {
      const requests = await list();

      expect(requests.map((r) => [r.subject, r.priority])).toEqual([
        ['premium, older', true],
        ['premium, newest', true],
        ['free, oldest', false],
        ['free, newer', false],
      ]);
      expect(requests[0]).toEqual<AdminSupportRequestView>({
        id: ids['premium, older']!,
        subject: 'premium, older',
        message: 'About premium, older',
        priority: true,
        status: 'open',
        createdAt: '2026-01-05T10:00:00.000Z',
        closedAt: null,
        creatorId: expect.any(String),
        username: premiumCreator.username,
        email: premiumCreator.email,
      });
      expect(requests[2]).toMatchObject({ username: freeCreator.username, email: freeCreator.email });
    });

    it('closes a request once; the status filter separates open from closed', async () => {
      const id = ids['premium, older']!;
      const first = await close(id).expect(200);
      expect(first.body.request).toMatchObject({ id, status: 'closed', username: premiumCreator.username });
      const again = await close(id).expect(200);
      expect(again.body.request.closedAt).toBe(first.body.request.closedAt);

      expect((await list('?status=open')).map((r) => r.subject)).toEqual([
        'premium, newest',
        'free, oldest',
        'free, newer',
      ]);
      expect((await list('?status=closed')).map((r) => r.subject)).toEqual(['premium, older']);
    });

    it.each([
      ['an unknown id', randomUUID()],
      ['a malformed id', 'not-an-id'],
    ])('closing %s: 404', async (_, id) => {
      const response = await close(id).expect(404);
      expect(response.body).toEqual({ statusCode: 404, message: SupportMessages.notFound });
    });

    it('an unknown status filter: 400', async () => {
      const response = await agent(app)
        .get('/api/admin/support-requests?status=pending')
        .set('Authorization', AS_OPERATOR)
        .expect(400);
      expect(response.body).toMatchObject({ statusCode: 400, message: SupportMessages.invalidStatus });
    });
  });

  supportRequestStoreContract('PostgresSupportRequestStore', () => ({
    store: app.get(SupportRequestStore),
    addCreator: async (details = {}) => {
      const id = randomUUID();
      const username = details.username ?? unique('s');
      await db.query(
        `insert into users (id, username, email, password_hash, display_name) values ($1, $2, $3, 'not-a-hash', $4)`,
        [id, username, details.email ?? `${username}@example.com`, `Creator ${username}`],
      );
      return id;
    },
  }));
});
