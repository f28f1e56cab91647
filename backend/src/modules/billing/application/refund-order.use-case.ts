import { Injectable, Logger } from '@nestjs/common';
import { OrderMessages } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { conflict, notFound } from '../../../shared/domain-error.js';
import { EmailOutboxRelay } from '../../../shared/email/email-outbox.relay.js';
import { isId, type Id } from '../../../shared/ids.js';
import { Transactions } from '../../../shared/transactions.js';
import type { Order } from '../domain/order.js';
import { OrderRefundEffects } from './order-refund-effects.service.js';
import { PaymentMetrics } from './payment-metrics.js';
import { OrderStore } from './ports/order.store.js';
import { PaymentGateway } from './ports/payment-gateway.js';

/** Order refunds tried per sweep. */
const REFUNDS_PER_SWEEP = 50;

/**
 * The creator refunds a sale (a product order or a tip) in full through the payment provider, as a booking's
 * cancellation is: decided in one transaction (refund_due, the earning reversed), the provider asked after it
 * commits under an idempotency key per refund (a new key only after a refusal), so asking again never refunds
 * twice; what the provider could not make at once is tried again by the billing sweep.
 */
@Injectable()
export class RefundOrderUseCase {
  private readonly logger = new Logger('Orders');

  constructor(
    private readonly orders: OrderStore,
    private readonly effects: OrderRefundEffects,
    private readonly gateway: PaymentGateway,
    private readonly transactions: Transactions,
    private readonly outbox: EmailOutboxRelay,
    private readonly clock: Clock,
    private readonly metrics: PaymentMetrics,
  ) {}

  async byCreator(creatorId: Id, orderId: string): Promise<Order> {
    if (!isId(orderId)) throw notFound(OrderMessages.saleNotFound);
    const due = await this.transactions.run(async () => {
      const order = await this.orders.lock(orderId);
      if (!order || order.creatorId !== creatorId || order.paidAt === null) throw notFound(OrderMessages.saleNotFound);
      if (order.status === 'refunded') return false;
      if (order.status === 'refund_due') return true;
      if (order.status !== 'paid' && order.status !== 'partially_refunded') throw conflict(OrderMessages.notRefundable);
      await this.effects.decide(order, this.clock.now());
      return true;
    });
    if (due) await this.attempt(orderId);
    return (await this.orders.find(orderId))!;
  }

  async refundDue(): Promise<number> {
    let refunded = 0;
    for (const id of await this.orders.dueForRefund(REFUNDS_PER_SWEEP)) if ((await this.attempt(id)).status === 'refunded') refunded += 1;
    return refunded;
  }

  /** Asks the provider for the order's own refund when it is refund_due and the refund is not on its way. */
  async attempt(orderId: Id): Promise<Order> {
    const prepared = await this.transactions.run(async () => {
      const order = await this.orders.lock(orderId);
      if (!order || order.status !== 'refund_due' || !order.paymentIntentId) return null;
      const own = (await this.orders.refundsOf(orderId)).find((r) => r.reason !== 'at_provider');
      return own && (own.status === 'requested' || own.status === 'failed') ? { order, refund: own } : null;
    });
    if (!prepared) return (await this.orders.find(orderId))!;
    const { order, refund } = prepared;
    try {
      const state = await this.gateway.refund({ intentId: order.paymentIntentId!, amount: refund.amount, key: `${refund.id}-${refund.refusals}`, orderId });
      const now = this.clock.now();
      if (state.status === 'succeeded') {
        const done = await this.transactions.run(async () => {
          const locked = (await this.orders.lock(orderId))!;
          if (!(await this.orders.markRefundSucceeded(refund.id, state.refundId, now))) return null;
          return this.effects.settle(locked, now);
        });
        if (done) this.metrics.refund(this.gateway.provider, 'succeeded');
        await this.outbox.deliverPending();
      } else {
        await this.transactions.run(() =>
          this.orders.recordAttempt(refund.id, { status: state.status as 'pending' | 'failed', providerRefundId: state.refundId, refused: state.status === 'failed' }, now),
        );
        if (state.status === 'failed') this.metrics.refund(this.gateway.provider, 'failed');
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await this.transactions.run(() => this.orders.recordAttempt(refund.id, { status: 'failed', error: message }, this.clock.now()));
      this.logger.warn(`Refund of order ${orderId} not made yet (${message}); the billing sweep tries again`);
    }
    return (await this.orders.find(orderId))!;
  }
}
