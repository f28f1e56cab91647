import { DEFAULT_TIP_PRESETS, type TipSettingsView } from '@linkbio/shared-contracts';
import type { Id } from '../../../shared/ids.js';
import { OrderStore, type OrderRefund, type SalePosition } from '../application/ports/order.store.js';
import type { Order } from '../domain/order.js';

const notHere = (name: string) => (): never => {
  throw new Error(`InMemoryOrderStore.${name} is not used by these unit tests`);
};

/** Orders in memory for billing's unit tests: creation, payment and the earning (refunds are integration-tested). */
export class InMemoryOrderStore extends OrderStore {
  readonly orders = new Map<Id, Order>();
  readonly earnings = new Map<Id, number>();
  readonly tokenHashes = new Map<Id, string>();
  tips: TipSettingsView = { enabled: false, presets: DEFAULT_TIP_PRESETS, message: null };

  async add(order: Order): Promise<void> {
    this.orders.set(order.id, { ...order });
  }
  async attachIntent(orderId: Id, intentId: string): Promise<void> {
    const order = this.orders.get(orderId);
    if (order && order.paymentIntentId === null) order.paymentIntentId = intentId;
  }
  async find(id: Id): Promise<Order | null> {
    return this.orders.get(id) ?? null;
  }
  lock(id: Id): Promise<Order | null> {
    return this.find(id);
  }
  async findByIntent(intentId: string): Promise<Order | null> {
    return [...this.orders.values()].find((o) => o.paymentIntentId === intentId) ?? null;
  }
  async markPaid(orderId: Id, intentId: string, amount: number, now: Date): Promise<{ order: Order; before: Order['status'] } | null> {
    const order = this.orders.get(orderId);
    if (!order || !['pending_payment', 'failed', 'expired'].includes(order.status) || order.amount !== amount) return null;
    if (order.paymentIntentId !== null && order.paymentIntentId !== intentId) return null;
    const before = order.status;
    Object.assign(order, { status: 'paid', paidAt: now, paymentIntentId: intentId });
    return { order: { ...order }, before };
  }
  async markFailed(orderId: Id): Promise<boolean> {
    const order = this.orders.get(orderId);
    if (order?.status !== 'pending_payment') return false;
    order.status = 'failed';
    return true;
  }
  async expireUnpaid(before: Date): Promise<Id[]> {
    const expired = [...this.orders.values()].filter((o) => ['pending_payment', 'failed'].includes(o.status) && o.createdAt < before);
    for (const order of expired) order.status = 'expired';
    return expired.map((o) => o.id);
  }
  async credit(order: Order): Promise<void> {
    if (!this.earnings.has(order.id)) this.earnings.set(order.id, order.userAmount);
  }
  async setTokenHash(orderId: Id, tokenHash: string): Promise<void> {
    this.tokenHashes.set(orderId, tokenHash);
  }
  async tipSettingsOf(): Promise<TipSettingsView> {
    return this.tips;
  }
  async saveTipSettings(_creatorId: Id, settings: TipSettingsView): Promise<void> {
    this.tips = settings;
  }

  findByTokenHash = notHere('findByTokenHash') as (tokenHash: string) => Promise<Order | null>;
  countDownload = notHere('countDownload') as (orderId: Id, limit: number) => Promise<boolean>;
  paidProductOrdersOf = notHere('paidProductOrdersOf') as (email: string, limit: number) => Promise<Order[]>;
  paidSalesOf = notHere('paidSalesOf') as (creatorId: Id, page: { limit: number; after: SalePosition | null }) => Promise<Order[]>;
  refundsOf = notHere('refundsOf') as (orderId: Id) => Promise<OrderRefund[]>;
  findRefundByProviderId = notHere('findRefundByProviderId') as (id: string) => Promise<OrderRefund | null>;
  requestRefund = notHere('requestRefund') as OrderStore['requestRefund'];
  addProviderRefund = notHere('addProviderRefund') as OrderStore['addProviderRefund'];
  recordAttempt = notHere('recordAttempt') as OrderStore['recordAttempt'];
  markRefundSucceeded = notHere('markRefundSucceeded') as OrderStore['markRefundSucceeded'];
  reverse = notHere('reverse') as OrderStore['reverse'];
  ledgerOf = notHere('ledgerOf') as OrderStore['ledgerOf'];
  setStatus = notHere('setStatus') as OrderStore['setStatus'];
  dueForRefund = notHere('dueForRefund') as OrderStore['dueForRefund'];
  readonly listRequested = new Set<Id>();
  async listSignupsDue(limit: number): Promise<Order[]> {
    return [...this.orders.values()].filter((o) => o.joinList && o.paidAt !== null && !this.listRequested.has(o.id)).slice(0, limit);
  }
  async markListRequested(orderId: Id): Promise<void> {
    this.listRequested.add(orderId);
  }
}
