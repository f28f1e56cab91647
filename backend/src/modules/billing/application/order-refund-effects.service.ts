import { Injectable } from '@nestjs/common';
import { newId } from '../../../shared/ids.js';
import type { Order } from '../domain/order.js';
import { reversalFor } from '../domain/refund-share.js';
import { orderRefundedEmail } from './order-emails.js';
import { BillingStore } from './ports/billing.store.js';
import { OrderStore, type OrderRefund } from './ports/order.store.js';

/** The states an order's refunds apply in: paid for, and not waiting for operators. */
export const REFUNDABLE_ORDER: Order['status'][] = ['paid', 'refund_due', 'partially_refunded'];

/**
 * What refunds change on an order, inside the caller's transaction, the order locked by the caller — as
 * RefundEffects does for bookings: the order's own refund decided (refund_due, the rest of the amount requested
 * once, its share of the earning reversed at once so no payout carries it), any refund counted once (the
 * reversal in proportion, reversalFor), and the order settled: partially_refunded below the amount, refunded at
 * it (its link dead, the buyer told once).
 */
@Injectable()
export class OrderRefundEffects {
  constructor(
    private readonly orders: OrderStore,
    private readonly store: BillingStore,
  ) {}

  async decide(order: Order, now: Date): Promise<OrderRefund> {
    await this.orders.setStatus(order.id, ['paid', 'partially_refunded'], 'refund_due', now);
    const atProvider = (await this.orders.refundsOf(order.id)).filter((r) => r.status === 'succeeded' && r.reason === 'at_provider');
    const rest = order.amount - atProvider.reduce((sum, r) => sum + r.amount, 0);
    const refund = await this.orders.requestRefund({ id: newId(), orderId: order.id, amount: Math.max(rest, 1), now });
    await this.count(refund, order, now);
    return refund;
  }

  async count(refund: OrderRefund, order: Order, now: Date): Promise<void> {
    if (refund.counted) return;
    const ledger = await this.orders.ledgerOf(order.id);
    const reversal = reversalFor({ amount: order.amount, earning: ledger.earning, countedBefore: ledger.counted, reversedBefore: ledger.reversed, refund: refund.amount });
    await this.orders.reverse(refund, order, reversal, now);
  }

  /** The order's state after its refunds; the order when this call made it refunded, else null. */
  async settle(order: Order, now: Date): Promise<Order | null> {
    if (!REFUNDABLE_ORDER.includes(order.status)) return null;
    const refunded = (await this.orders.refundsOf(order.id)).filter((r) => r.status === 'succeeded').reduce((sum, r) => sum + r.amount, 0);
    if (refunded <= 0) return null;
    if (refunded < order.amount) {
      if (order.status === 'paid') await this.orders.setStatus(order.id, ['paid'], 'partially_refunded', now);
      return null;
    }
    const done = await this.orders.setStatus(order.id, REFUNDABLE_ORDER, 'refunded', now);
    if (!done) return null;
    const creator = await this.store.findCreator(done.creatorId);
    if (creator) await this.store.enqueueEmail(orderRefundedEmail(done, creator), now);
    return done;
  }
}
