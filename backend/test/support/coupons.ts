import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import type { CouponView } from '@linkbio/shared-contracts';
import { agent, unique, uniqueIp, type Database, type signedInCreator } from './harness.js';

type Creator = Awaited<ReturnType<typeof signedInCreator>>;

/**
 * The coupons specs' calls and reads: coupons made over HTTP, their rows, products written directly, bookings
 * with a code. `over` names the spec's API and database once its beforeAll has started them.
 */
export function couponsOver(over: () => { app: INestApplication; db: Database }) {
  const db = { query: ((...args: Parameters<Database['query']>) => over().db.query(...args)) as Database['query'] };
  const couponCount = async () => Number((await db.query<{ n: string }>('select count(*) as n from coupons')).rows[0]!.n);
  const couponRow = async (id: string) =>
    (await db.query<{ uses: number; deleted_at: Date | null }>('select uses, deleted_at from coupons where id = $1', [id])).rows[0]!;
  const redemptionOf = async (purchaseId: string) =>
    (await db.query<{ discount_cents: number; released_at: Date | null }>('select discount_cents, released_at from coupon_redemptions where purchase_id = $1', [purchaseId]))
      .rows[0];
  const create = (creator: Creator, body: Record<string, unknown>) => creator.client.post('/api/coupons').send(body);
  const made = async (creator: Creator, body: Record<string, unknown>) => (await create(creator, body).expect(201)).body as CouponView;
  /** A product of the creator's (the products module's table, written directly: it is built alongside). */
  const productOf = async (creatorId: string, price: { priceCents?: number; minPriceCents?: number } = { priceCents: 2000 }) => {
    const id = randomUUID();
    await db.query(
      `insert into products (id, creator_id, title, price_cents, min_price_cents, private_url) values ($1, $2, 'A guide', $3, $4, 'https://example.com/guide')`,
      [id, creatorId, price.priceCents ?? null, price.minPriceCents ?? null],
    );
    return id;
  };
  const check = (username: string, body: Record<string, unknown>) => agent(over().app, uniqueIp()).post(`/api/users/${username}/coupons/check`).send(body);
  const book = (username: string, body: Record<string, unknown> = {}) =>
    agent(over().app, uniqueIp())
      .post(`/api/users/${username}/book`)
      .send({ customerName: 'Sam Visitor', customerEmail: `${unique('v')}@example.com`, ...body });
  const bookingIdOf = async (clientSecret: string) =>
    (await db.query<{ id: string }>('select id from bookings where payment_intent_id = $1', [clientSecret.split('_secret_')[0]])).rows[0]!.id;
  return { couponCount, couponRow, redemptionOf, create, made, productOf, check, book, bookingIdOf };
}
