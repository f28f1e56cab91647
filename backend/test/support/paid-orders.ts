import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import type { OrderCreatedResponse } from '@linkbio/shared-contracts';
import Stripe from 'stripe';
import { agent, signedInCreator, unique, type Database } from './harness.js';
import { card } from './paid-bookings.js';
import { appWithMailbox, textOf, type TestSmtp } from './smtp.js';

/** The Stripe webhook secret the order specs sign their events with. */
export const WEBHOOK_SECRET = 'whsec_orders_integration_secret';
/** The products module's short-lived file link (products-downloads.integration-spec.ts serves it byte for byte). */
export const SIGNED_FILE_LINK = /^(http:\/\/localhost:3000)?\/api\/downloads\/[0-9a-f-]{36}\.\d+\.[A-Za-z0-9_-]+$/;

/** An API with its own database and SMTP server for the order specs (local provider, Stripe-signed webhooks). */
export async function orderApp(suffix: string) {
  delete process.env.STRIPE_SECRET_KEY;
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  const started = await appWithMailbox(suffix, 'http://localhost:3000');
  const close = async () => {
    await started.close();
    delete process.env.STRIPE_WEBHOOK_SECRET;
  };
  return { ...started, close };
}

/** A buyer's order request, at an address of their own. */
export const buyer = (extra: Record<string, unknown> = {}) => ({ customerName: 'Ada Lovelace', customerEmail: `${unique('b')}@example.com`, ...extra });

/**
 * Creators with products (rows inserted by SQL, so each spec sets exactly the columns it needs) and buyers
 * ordering them with the local test provider, for the order specs.
 */
export function paidOrders(app: INestApplication, db: Database, smtp: TestSmtp) {
  async function creator() {
    const signedIn = await signedInCreator(app);
    const product = async (columns: { price?: number; min?: number; url?: string; visible?: boolean; title?: string }) => {
      const id = randomUUID();
      await db.query(
        `insert into products (id, creator_id, title, price_cents, min_price_cents, file_key, file_name, file_type, file_size, private_url, visible)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          id,
          signedIn.user.id,
          columns.title ?? 'The Guide',
          columns.price ?? null,
          columns.min ?? null,
          columns.url ? null : `products/${id}/guide.pdf`,
          columns.url ? null : 'guide.pdf',
          columns.url ? null : 'application/pdf',
          columns.url ? null : 1234,
          columns.url ?? null,
          columns.visible ?? true,
        ],
      );
      return id;
    };
    return { ...signedIn, product };
  }

  const orderPath = (username: string, productId: string) => `/api/users/${username}/products/${productId}/order`;

  async function order(username: string, productId: string, body: Record<string, unknown> = buyer(), pay = true) {
    const created = await agent(app).post(orderPath(username, productId)).send(body).expect(201);
    const answer = created.body as OrderCreatedResponse;
    if (pay) await agent(app).post('/api/payments/local/confirm').send(card(answer.clientSecret)).expect(200);
    const intentId = answer.clientSecret.split('_secret_')[0]!;
    const id = (await db.query<{ id: string }>('select id from orders where payment_intent_id = $1', [intentId])).rows[0]!.id;
    return { id, answer, intentId, email: body.customerEmail as string };
  }

  const ledgerOf = async (orderId: string) =>
    (await db.query<{ kind: string; amount: number }>('select kind, amount from ledger_entries where order_id = $1 order by kind', [orderId])).rows;
  const statusOf = async (orderId: string) => (await db.query<{ status: string }>('select status from orders where id = $1', [orderId])).rows[0]!.status;
  const mailsTo = (email: string, subject: string) => smtp.mails.filter((m) => m.to.includes(email) && textOf(m).includes(subject));
  const countOrders = async () => Number((await db.query<{ n: string }>('select count(*) as n from orders')).rows[0]!.n);
  const linkIn = (email: string) => {
    const mails = mailsTo(email, 'Your order from');
    const match = /http:\/\/localhost:3000(\/order\/[A-Za-z0-9_-]{43})/.exec(textOf(mails.at(-1)!));
    return match![1]!;
  };
  const waitForMail = async (email: string, subject: string, count = 1) => {
    for (let i = 0; i < 100 && mailsTo(email, subject).length < count; i += 1) await new Promise((r) => setTimeout(r, 50));
    return mailsTo(email, subject);
  };
  const webhook = (payload: string) =>
    agent(app)
      .post('/api/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Origin', 'https://stripe.com')
      .set('Sec-Fetch-Site', 'cross-site')
      .set('Stripe-Signature', Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }))
      .send(payload);

  return { creator, orderPath, order, ledgerOf, statusOf, mailsTo, countOrders, linkIn, waitForMail, webhook };
}
