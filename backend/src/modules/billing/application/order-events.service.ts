import { Injectable, Logger } from '@nestjs/common';
import { PAID_SALE_STATUSES } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { newId } from '../../../shared/ids.js';
import { dollars } from '../domain/booking.js';
import type { Order } from '../domain/order.js';
import { OrderRefundEffects } from './order-refund-effects.service.js';
import { PaymentMetrics } from './payment-metrics.js';
import { OrderStore, type OrderRefund } from './ports/order.store.js';
import type { ChargeRefundFacts, IntentFacts, RefundFacts } from './provider-objects.js';
import { SettleOrderService } from './settle-order.service.js';
import { unapplied, type Unapplied } from './unapplied-events.js';

export type OrderEventOutcome = 'applied' | 'duplicate' | Unapplied;

/** The states in which an order was paid for: refunds made at the provider apply in each. */
const PAID: Order['status'][] = ['paid', 'refund_due', 'partially_refunded', 'refunded', 'refund_failed'];

/**
 * Provider events about orders, inside the event's transaction (HandlePaymentEventUseCase records the event id
 * in the same transaction, so each event applies once): a payment's success settles the order once
 * (SettleOrderService), its failure fails it, and refunds — keyed on the provider's refund id, never on the
 * event — are counted once and settle the order, as ProviderRefundsService does for bookings.
 */
@Injectable()
export class OrderEventsService {
  private readonly logger = new Logger('Orders');

  constructor(
    private readonly orders: OrderStore,
    private readonly settle: SettleOrderService,
    private readonly effects: OrderRefundEffects,
    private readonly metrics: PaymentMetrics,
    private readonly clock: Clock,
  ) {}

  async paid(orderId: string, intent: IntentFacts): Promise<OrderEventOutcome> {
    if (intent.currency !== 'usd') return unapplied('currency_mismatch', `The payment is in ${intent.currency.toUpperCase().slice(0, 3)}; orders are paid in USD.`, intent.id);
    if (await this.settle.markPaid(orderId, { intentId: intent.id, amount: intent.amount, currency: intent.currency })) return 'applied';
    const order = await this.orders.find(orderId);
    if (!order) return unapplied('unknown_payment', 'The payment names an order that does not exist.', intent.id);
    if (order.paymentIntentId === intent.id && PAID_SALE_STATUSES.includes(order.status)) return 'applied';
    if (order.amount !== intent.amount) return unapplied('amount_mismatch', `The payment of ${dollars(intent.amount)} does not match the order’s ${dollars(order.amount)}.`, intent.id);
    return unapplied('not_applicable', `The order is ${order.status.replace(/_/g, ' ')} with another payment.`, intent.id);
  }

  async failed(orderId: string): Promise<OrderEventOutcome> {
    await this.settle.markFailed(orderId);
    return 'applied';
  }

  /** The order paid with this payment, locked; null when the payment is no order's (a booking's, then). */
  async orderPaidWith(intentId: string): Promise<Order | null> {
    const found = await this.orders.findByIntent(intentId);
    return found ? this.orders.lock(found.id) : null;
  }

  async refund(order: Order, facts: RefundFacts, provider: 'stripe' | 'local'): Promise<OrderEventOutcome> {
    const refused = this.refusal(order, facts.currency, facts.intentId);
    if (refused) return refused;
    const now = this.clock.now();
    let refund = await this.orders.findRefundByProviderId(facts.refundId);
    if (refund && refund.orderId !== order.id) return unapplied('not_applicable', 'The refund is known for another order than its payment’s.', facts.refundId);
    refund ??= await this.waitingFor(order, facts.amount);
    if (facts.status === 'failed') {
      if (!refund) {
        await this.orders.addProviderRefund({ id: newId(), orderId: order.id, amount: facts.amount, providerRefundId: facts.refundId, status: 'failed', now });
        return 'applied';
      }
      if (refund.status === 'succeeded') {
        await this.orders.setStatus(order.id, PAID, 'refund_failed', now);
        this.logger.warn(`Refund ${facts.refundId} of order ${order.id} failed after it had succeeded: order refund_failed, for the operators`);
        return 'applied';
      }
      if (refund.status === 'failed' && refund.providerRefundId === facts.refundId) return 'duplicate';
      await this.orders.recordAttempt(refund.id, { status: 'failed', providerRefundId: facts.refundId, refused: refund.reason !== 'at_provider' }, now);
      this.metrics.refund(provider, 'failed');
      return 'applied';
    }
    if (facts.status === 'pending') {
      if (refund) return 'duplicate';
      await this.orders.addProviderRefund({ id: newId(), orderId: order.id, amount: facts.amount, providerRefundId: facts.refundId, status: 'pending', now });
      return 'applied';
    }
    if (refund?.status === 'succeeded' || (refund?.status === 'failed' && refund.reason === 'at_provider')) return 'duplicate';
    refund ??= await this.orders.addProviderRefund({ id: newId(), orderId: order.id, amount: facts.amount, providerRefundId: facts.refundId, status: 'pending', now });
    return this.succeeded(order, refund, facts.refundId, provider);
  }

  /** charge.refunded: each listed refund as its own event; else what exceeds the refunds known is one refund. */
  async charge(order: Order, facts: ChargeRefundFacts, provider: 'stripe' | 'local'): Promise<OrderEventOutcome> {
    const refused = this.refusal(order, facts.currency, facts.intentId);
    if (refused) return refused;
    if (facts.amountRefunded > order.amount) {
      return unapplied('exceeds_payment', `The charge reports ${dollars(facts.amountRefunded)} refunded of a ${dollars(order.amount)} payment.`, facts.intentId);
    }
    if (facts.refunds) {
      const outcomes: OrderEventOutcome[] = [];
      let current = order;
      for (const refund of facts.refunds) {
        outcomes.push(await this.refund(current, refund, provider));
        current = (await this.orders.lock(order.id))!;
      }
      return outcomes.includes('applied') ? 'applied' : (outcomes.find((o) => o !== 'duplicate') ?? 'duplicate');
    }
    const known = (await this.orders.refundsOf(order.id)).filter((r) => r.status === 'succeeded');
    const gap = facts.amountRefunded - known.reduce((sum, r) => sum + r.amount, 0);
    if (gap <= 0) return 'duplicate';
    const refund =
      (await this.waitingFor(order, gap)) ??
      (await this.orders.addProviderRefund({ id: newId(), orderId: order.id, amount: gap, providerRefundId: null, status: 'pending', now: this.clock.now() }));
    return this.succeeded(order, refund, null, provider);
  }

  private refusal(order: Order, currency: string, intentId: string): Unapplied | null {
    if (currency !== 'usd') return unapplied('currency_mismatch', `The refund is in ${currency.toUpperCase().slice(0, 3)}; orders are paid in USD.`, intentId);
    if (!PAID.includes(order.status)) return unapplied('not_paid', `The order this payment is for is ${order.status.replace(/_/g, ' ')}, not paid.`, intentId);
    return null;
  }

  private async succeeded(order: Order, refund: OrderRefund, providerRefundId: string | null, provider: 'stripe' | 'local'): Promise<OrderEventOutcome> {
    const now = this.clock.now();
    if (!refund.counted) {
      const ledger = await this.orders.ledgerOf(order.id);
      if (ledger.counted + refund.amount > order.amount) {
        return unapplied('exceeds_payment', `The refund of ${dollars(refund.amount)} would take the refunds past the ${dollars(order.amount)} paid.`, providerRefundId);
      }
    }
    if (!(await this.orders.markRefundSucceeded(refund.id, providerRefundId, now))) return 'duplicate';
    this.metrics.refund(provider, 'succeeded');
    await this.effects.count(refund, order, now);
    if (order.status !== 'refund_failed') await this.effects.settle((await this.orders.lock(order.id))!, now);
    return 'applied';
  }

  /** The order's refund of this amount whose provider id is not known yet, or its own refund still on its way. */
  private async waitingFor(order: Order, amount: number): Promise<OrderRefund | null> {
    const refunds = (await this.orders.refundsOf(order.id)).filter((r) => r.amount === amount && r.status !== 'succeeded');
    return refunds.find((r) => r.reason !== 'at_provider') ?? refunds.find((r) => !r.providerRefundId) ?? null;
  }
}
