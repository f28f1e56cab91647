import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_TIP_PRESETS, PAID_SALE_STATUSES, type TipSettingsView } from '@linkbio/shared-contracts';
import { newId, type Id } from '../../../shared/ids.js';
import { OrderStore, type OrderRefund, type SalePosition } from '../application/ports/order.store.js';
import type { Order } from '../domain/order.js';
import { toOrder, toOrderRefund, type OrderRefundRow, type OrderRow } from './order-rows.js';

const OWN = "reason <> 'at_provider'";
const PAID = PAID_SALE_STATUSES.map((s) => `'${s}'`).join(', ');
/** Refusals after which an order's refund is left to the operators. */
const MAX_REFUSALS = 5;

/** PostgreSQL, plain SQL: orders, and the ledger_entries and refunds rows that name an order. */
@Injectable()
export class PostgresOrderStore extends OrderStore {
  constructor(private readonly em: EntityManager) {
    super();
  }

  private rows<T>(sql: string, params: unknown[]): Promise<T[]> {
    return this.em.execute<T[]>(sql, params as never[]);
  }

  private async one(sql: string, params: unknown[]): Promise<Order | null> {
    const [row] = await this.rows<OrderRow>(sql, params);
    return row ? toOrder(row) : null;
  }

  async add(o: Order): Promise<void> {
    await this.rows(
      `insert into orders (id, creator_id, kind, product_id, title, customer_name, customer_email, message, amount, user_amount,
                           platform_fee, discount_cents, coupon_code, join_list, status, created_at, source, medium, campaign, country)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [o.id, o.creatorId, o.kind, o.productId, o.title, o.customerName, o.customerEmail, o.message, o.amount, o.userAmount,
        o.platformFee, o.discountCents, o.couponCode, o.joinList, o.status, o.createdAt,
        o.attribution.source, o.attribution.medium, o.attribution.campaign, o.attribution.country],
    );
  }

  async attachIntent(orderId: Id, intentId: string): Promise<void> {
    await this.rows('update orders set payment_intent_id = ? where id = ? and payment_intent_id is null', [intentId, orderId]);
  }

  find(id: Id): Promise<Order | null> {
    return this.one('select * from orders where id = ?', [id]);
  }

  findByIntent(intentId: string): Promise<Order | null> {
    return this.one('select * from orders where payment_intent_id = ?', [intentId]);
  }

  lock(id: Id): Promise<Order | null> {
    return this.one('select * from orders where id = ? for update', [id]);
  }

  async markPaid(orderId: Id, intentId: string, amount: number, now: Date): Promise<{ order: Order; before: Order['status'] } | null> {
    const before = await this.lock(orderId);
    if (!before || !['pending_payment', 'failed', 'expired'].includes(before.status) || before.amount !== amount) return null;
    if (before.paymentIntentId !== null && before.paymentIntentId !== intentId) return null;
    const order = await this.one(
      `update orders set status = 'paid', paid_at = ?, payment_intent_id = ?
        where id = ? and status in ('pending_payment', 'failed', 'expired') returning *`,
      [now, intentId, orderId],
    );
    return order ? { order, before: before.status } : null;
  }

  async markFailed(orderId: Id): Promise<boolean> {
    return (await this.rows("update orders set status = 'failed' where id = ? and status = 'pending_payment' returning id", [orderId])).length === 1;
  }

  async expireUnpaid(before: Date, limit: number): Promise<Id[]> {
    const rows = await this.rows<{ id: string }>(
      `update orders set status = 'expired' where id in (
         select id from orders where status in ('pending_payment', 'failed') and created_at < ? order by created_at limit ? for update skip locked)
       returning id`,
      [before, limit],
    );
    return rows.map((r) => r.id);
  }

  async credit(order: Order, now: Date): Promise<void> {
    await this.rows(
      `insert into ledger_entries (id, creator_id, order_id, amount, created_at) values (?, ?, ?, ?, ?)
       on conflict (order_id) where kind = 'earning' do nothing`,
      [newId(), order.creatorId, order.id, order.userAmount, now],
    );
  }

  async setTokenHash(orderId: Id, tokenHash: string): Promise<void> {
    await this.rows('update orders set token_hash = ? where id = ?', [tokenHash, orderId]);
  }

  findByTokenHash(tokenHash: string): Promise<Order | null> {
    return this.one('select * from orders where token_hash = ?', [tokenHash]);
  }

  async countDownload(orderId: Id, limit: number): Promise<boolean> {
    const rows = await this.rows("update orders set downloads = downloads + 1 where id = ? and status in ('paid', 'partially_refunded') and downloads < ? returning id", [orderId, limit]);
    return rows.length === 1;
  }

  async paidProductOrdersOf(email: string, limit: number): Promise<Order[]> {
    const rows = await this.rows<OrderRow>(
      `select * from orders where lower(customer_email) = lower(?) and paid_at is not null and kind = 'product' and status in ('paid', 'partially_refunded')
        order by created_at desc limit ?`,
      [email, limit],
    );
    return rows.map(toOrder);
  }

  async paidSalesOf(creatorId: Id, page: { limit: number; after: SalePosition | null }): Promise<Order[]> {
    const after = page.after ? 'and (created_at, id) < (?, ?)' : '';
    const params = page.after ? [creatorId, page.after.createdAt, page.after.id, page.limit] : [creatorId, page.limit];
    const rows = await this.rows<OrderRow>(
      `select * from orders where creator_id = ? and status in (${PAID}) ${after} order by created_at desc, id desc limit ?`,
      params,
    );
    return rows.map(toOrder);
  }

  async refundsOf(orderId: Id): Promise<OrderRefund[]> {
    return (await this.rows<OrderRefundRow>('select * from refunds where order_id = ? order by created_at, id', [orderId])).map(toOrderRefund);
  }

  async findRefundByProviderId(providerRefundId: string): Promise<OrderRefund | null> {
    const [row] = await this.rows<OrderRefundRow>('select * from refunds where provider_refund_id = ? and order_id is not null', [providerRefundId]);
    return row ? toOrderRefund(row) : null;
  }

  async requestRefund(input: { id: Id; orderId: Id; amount: number; now: Date }): Promise<OrderRefund> {
    await this.rows(
      `insert into refunds (id, order_id, amount, reason, status, created_at, updated_at) values (?, ?, ?, 'cancelled_by_creator', 'requested', ?, ?)
       on conflict (order_id) where ${OWN} do nothing`,
      [input.id, input.orderId, input.amount, input.now, input.now],
    );
    const [row] = await this.rows<OrderRefundRow>(`select * from refunds where order_id = ? and ${OWN}`, [input.orderId]);
    return toOrderRefund(row!);
  }

  async addProviderRefund(input: { id: Id; orderId: Id; amount: number; providerRefundId: string | null; status: OrderRefund['status']; now: Date }): Promise<OrderRefund> {
    await this.rows(
      `insert into refunds (id, order_id, amount, reason, status, provider_refund_id, created_at, updated_at)
       values (?, ?, ?, 'at_provider', ?, ?, ?, ?) on conflict (provider_refund_id) do nothing`,
      [input.id, input.orderId, input.amount, input.status, input.providerRefundId, input.now, input.now],
    );
    const [row] = await this.rows<OrderRefundRow>(
      input.providerRefundId ? 'select * from refunds where provider_refund_id = ?' : 'select * from refunds where id = ?',
      [input.providerRefundId ?? input.id],
    );
    return toOrderRefund(row!);
  }

  async recordAttempt(refundId: Id, outcome: { status: 'pending' | 'failed'; providerRefundId?: string; refused?: boolean; error?: string }, now: Date): Promise<void> {
    await this.rows(
      `update refunds set status = ?, provider_refund_id = coalesce(?, provider_refund_id), last_error = ?, attempts = attempts + ?, updated_at = ?
        where id = ? and status <> 'succeeded'`,
      [outcome.status, outcome.providerRefundId ?? null, outcome.error?.slice(0, 500) ?? null, outcome.refused ? 1 : 0, now, refundId],
    );
  }

  async markRefundSucceeded(refundId: Id, providerRefundId: string | null, now: Date): Promise<boolean> {
    const rows = await this.rows(
      `update refunds set status = 'succeeded', provider_refund_id = coalesce(?, provider_refund_id), last_error = null, updated_at = ?
        where id = ? and status <> 'succeeded' returning id`,
      [providerRefundId, now, refundId],
    );
    return rows.length === 1;
  }

  async reverse(refund: OrderRefund, order: Order, reversal: number, now: Date): Promise<boolean> {
    const rows = await this.rows('update refunds set counted_at = ? where id = ? and counted_at is null returning id', [now, refund.id]);
    if (rows.length === 0) return false;
    if (reversal > 0) {
      await this.rows(
        `insert into ledger_entries (id, creator_id, order_id, refund_id, amount, kind, created_at) values (?, ?, ?, ?, ?, 'reversal', ?)
         on conflict (refund_id) do nothing`,
        [newId(), order.creatorId, order.id, refund.id, -reversal, now],
      );
    }
    return true;
  }

  async ledgerOf(orderId: Id): Promise<{ earning: number; reversed: number; counted: number }> {
    const [row] = await this.rows<{ earning: number; counted: number; reversed: number }>(
      `select coalesce((select amount from ledger_entries where order_id = ? and kind = 'earning'), 0)::int as earning,
              coalesce((select sum(amount) from refunds where order_id = ? and counted_at is not null), 0)::int as counted,
              coalesce((select -sum(amount) from ledger_entries where order_id = ? and kind = 'reversal'), 0)::int as reversed`,
      [orderId, orderId, orderId],
    );
    return row!;
  }

  setStatus(orderId: Id, from: Order['status'][], to: Order['status'], now: Date): Promise<Order | null> {
    return this.one(
      `update orders set status = ?, refunded_at = case when ?::text = 'refunded' then ?::timestamptz else refunded_at end
        where id = ? and status in (${from.map(() => '?').join(', ')}) returning *`,
      [to, to, now, orderId, ...from],
    );
  }

  async dueForRefund(limit: number): Promise<Id[]> {
    const rows = await this.rows<{ id: string }>(
      `select o.id from orders o join refunds r on r.order_id = o.id and r.${OWN}
        where o.status = 'refund_due' and r.status in ('requested', 'failed') and r.attempts < ? and r.updated_at < now() - interval '1 minute'
        order by o.paid_at limit ?`,
      [MAX_REFUSALS, limit],
    );
    return rows.map((r) => r.id);
  }

  async listSignupsDue(limit: number): Promise<Order[]> {
    const rows = await this.rows<OrderRow>(
      'select * from orders where join_list and paid_at is not null and list_requested_at is null order by paid_at limit ?',
      [limit],
    );
    return rows.map(toOrder);
  }

  async markListRequested(orderId: Id, now: Date): Promise<void> {
    await this.rows('update orders set list_requested_at = ? where id = ?', [now, orderId]);
  }

  async tipSettingsOf(creatorId: Id): Promise<TipSettingsView> {
    const [row] = await this.rows<{ tips_enabled: boolean; tip_presets: number[]; tip_message: string | null }>(
      'select tips_enabled, tip_presets, tip_message from users where id = ?',
      [creatorId],
    );
    const presets = row?.tip_presets?.length === 3 ? (row.tip_presets.map(Number) as [number, number, number]) : DEFAULT_TIP_PRESETS;
    return { enabled: row?.tips_enabled ?? false, presets, message: row?.tip_message ?? null };
  }

  async saveTipSettings(creatorId: Id, settings: TipSettingsView): Promise<void> {
    await this.rows('update users set tips_enabled = ?, tip_presets = ?::integer[], tip_message = ? where id = ?', [
      settings.enabled,
      `{${settings.presets.join(',')}}`,
      settings.message,
      creatorId,
    ]);
  }
}
