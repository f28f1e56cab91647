import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { CreateWeeklyPayoutsUseCase } from '../src/modules/payouts/application/create-weekly-payouts.use-case.js';
import { ReleaseHeldPayoutsUseCase } from '../src/modules/payouts/application/release-held-payouts.use-case.js';
import { SendPayoutUseCase } from '../src/modules/payouts/application/send-payout.use-case.js';
import { agent, basicAuth, type Database, unique } from './support/harness.js';
import { arrangeEarning } from './support/payouts.js';
import { appWithMailbox, textOf, type Mail, type TestSmtp } from './support/smtp.js';

/*
 * The creator's payout notices, read from a real SMTP server: one when PayPal accepts a payout (sent), one
 * when it is paid (by PayPal, or marked paid by an operator), each once however often the job runs, PayPal
 * reports or the operators click. PayPal is a local stub of its REST endpoints (token, create and show a
 * payout batch); the app runs on a database of its own with its own mail server.
 */

const OPERATOR = { user: 'ops-notices', password: 'operator-password-456' };
const AS_OPERATOR = basicAuth(OPERATOR.user, OPERATOR.password);

/** Just enough of PayPal Payouts: every batch is accepted (PENDING) and later reported as `status`. */
class PayPalStub {
  readonly batches = new Map<string, string>();
  status = 'PENDING';
  url = '';
  private server!: Server;

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const reply = (status: number, body: unknown) =>
          res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
        if (req.url === '/v1/oauth2/token')
          return reply(200, { access_token: 'stub-token', token_type: 'Bearer', expires_in: 32_400 });
        if (req.method === 'POST' && req.url === '/v1/payments/payouts') {
          const request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
            sender_batch_header: { sender_batch_id: string };
          };
          const id = `BATCH${this.batches.size + 1}X`;
          this.batches.set(id, request.sender_batch_header.sender_batch_id);
          return reply(201, { batch_header: { payout_batch_id: id, batch_status: 'PENDING' } });
        }
        const show = /^\/v1\/payments\/payouts\/([A-Za-z0-9]+)$/.exec(req.url ?? '');
        if (req.method === 'GET' && show && this.batches.has(show[1]!))
          return reply(200, { batch_header: { payout_batch_id: show[1], batch_status: this.status }, items: [] });
        return reply(404, { name: 'INVALID_RESOURCE_ID' });
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

describe('payout notices by e-mail', () => {
  const paypal = new PayPalStub();
  let app: INestApplication;
  let db: Database;
  let smtp: TestSmtp;
  let close: () => Promise<void>;

  beforeAll(async () => {
    await paypal.start();
    process.env.PAYPAL_CLIENT_ID = 'notices-client';
    process.env.PAYPAL_CLIENT_SECRET = 'notices-secret';
    process.env.PAYPAL_API_URL = paypal.url;
    process.env.OPERATOR_USER = OPERATOR.user;
    process.env.OPERATOR_PASSWORD = OPERATOR.password;
    ({ app, db, smtp, close } = await appWithMailbox('payout_notices', 'http://localhost:3000'));
  });

  afterAll(async () => {
    await close?.();
    await paypal.stop();
    delete process.env.PAYPAL_CLIENT_ID;
    delete process.env.PAYPAL_CLIENT_SECRET;
    delete process.env.PAYPAL_API_URL;
  });

  async function creator(details: { paypal?: string; cashapp?: string }) {
    const id = randomUUID();
    const username = unique('n');
    const email = `${username}@example.com`;
    await db.query(
      `insert into users (id, username, email, password_hash, display_name, paypal_email, cashapp_handle, email_verified_at)
       values ($1, $2, $3, 'not-a-hash', $4, $5, $6, now())`,
      [id, username, email, `Creator ${username}`, details.paypal ?? null, details.cashapp ?? null],
    );
    return { id, username, email };
  }

  const mailsTo = (email: string): Mail[] => smtp.mails.filter((m) => m.to.includes(email));
  /** Sending is awaited by the use cases; a short grace for the mail server to hand the message over. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
  const payoutOf = async (creatorId: string) =>
    (
      await db.query<{ id: string; status: string }>('select id, status from payouts where creator_id = $1', [
        creatorId,
      ])
    ).rows[0]!;

  it('tells the creator once when PayPal accepts the payout and once when PayPal pays it, with weeks, method and reference', async () => {
    const alice = await creator({ paypal: 'alice.paid@example.com' });
    await arrangeEarning(db, alice.id, 1500, '2024-04-03T10:00:00Z'); // 2024-W14
    await arrangeEarning(db, alice.id, 2500, '2024-04-10T10:00:00Z'); // 2024-W15
    await app.get(CreateWeeklyPayoutsUseCase).execute('2024-W15');
    const payout = await payoutOf(alice.id);

    await Promise.all([1, 2, 3].map(() => app.get(SendPayoutUseCase).execute(payout.id)));
    await app.get(SendPayoutUseCase).execute(payout.id);
    await settle();

    expect((await payoutOf(alice.id)).status).toBe('processing');
    const sent = mailsTo(alice.email);
    expect(sent).toHaveLength(1);
    const sentText = textOf(sent[0]!);
    expect(sentText).toContain('Subject: Your payout of $40.00 is on its way');
    expect(sentText).toContain('Amount: $40.00');
    expect(sentText).toContain('Earnings of: 2024-W14 to 2024-W15 (payout week 2024-W15)');
    expect(sentText).toContain('Method: PayPal (a***@example.com)');
    expect(sentText).toMatch(/Reference: BATCH\dX/);
    expect(sentText).not.toContain('alice.paid@');

    paypal.status = 'SUCCESS';
    await Promise.all([1, 2].map(() => app.get(ReleaseHeldPayoutsUseCase).execute()));
    await app.get(ReleaseHeldPayoutsUseCase).execute();
    await settle();

    expect((await payoutOf(alice.id)).status).toBe('paid');
    const all = mailsTo(alice.email);
    expect(all).toHaveLength(2);
    expect(textOf(all[1]!)).toContain('Subject: Your payout of $40.00 is paid');
    expect(textOf(all[1]!)).toContain('Method: PayPal (a***@example.com)');

    // An operator marking it paid afterwards is refused (409) and sends nothing more.
    await agent(app)
      .post(`/api/admin/payouts/${payout.id}/mark-paid`)
      .set('Authorization', AS_OPERATOR)
      .send({ reference: 'late click' })
      .expect(409);
    await settle();
    expect(mailsTo(alice.email)).toHaveLength(2);
    expect(
      (
        await db.query('select count(*)::int as n from email_outbox where dedupe_key like $1', [
          `payout:${payout.id}:%`,
        ])
      ).rows[0],
    ).toEqual({ n: 2 });
  });

  it('tells the creator once when an operator marks a CashApp payout paid, however often it is marked', async () => {
    const bob = await creator({ cashapp: '$bobcash' });
    await arrangeEarning(db, bob.id, 1234, '2024-04-17T10:00:00Z'); // 2024-W16
    await app.get(CreateWeeklyPayoutsUseCase).execute('2024-W16');
    const payout = await payoutOf(bob.id);
    await app.get(SendPayoutUseCase).execute(payout.id);
    await settle();
    expect((await payoutOf(bob.id)).status).toBe('awaiting_manual');
    expect(mailsTo(bob.email)).toEqual([]);

    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        agent(app)
          .post(`/api/admin/payouts/${payout.id}/mark-paid`)
          .set('Authorization', AS_OPERATOR)
          .send({ reference: 'CashApp #C4SH' }),
      ),
    );
    await settle();

    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const mails = mailsTo(bob.email);
    expect(mails).toHaveLength(1);
    const text = textOf(mails[0]!);
    expect(text).toContain('Subject: Your payout of $12.34 is paid');
    expect(text).toContain('Earnings of: 2024-W16 (payout week 2024-W16)');
    expect(text).toContain('Method: CashApp ($bo***)');
    expect(text).toContain('Reference: CashApp #C4SH');
    expect(text).not.toContain('bobcash');
  });
});
