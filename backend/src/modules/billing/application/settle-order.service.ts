import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../../shared/clock.js';
import { LinkOrigin } from '../../../shared/link-origin.js';
import { newSecretToken } from '../../../shared/secret-link.js';
import { orderLinkPath } from '@linkbio/shared-contracts';
import { CouponRedemptions } from '../../coupons/application/ports/coupon-redemptions.js';
import { ProductCatalog } from '../../products/application/ports/product-catalog.js';
import type { Order } from '../domain/order.js';
import { creatorSaleEmail, orderLinkEmail, tipReceiptEmail } from './order-emails.js';
import { BillingStore } from './ports/billing.store.js';
import { OrderStore } from './ports/order.store.js';

/**
 * The one way an order (a product's or a tip) becomes paid, inside the caller's transaction (the provider
 * event's: Stripe's webhook or the local provider's confirmation). The conditional UPDATE under the order's row
 * lock lets exactly one caller through; that caller writes the earning (unique per order), takes back the
 * coupon's use when the order had expired or failed meanwhile (its use given back then), and queues the e-mails
 * (unique per order and kind): a product buyer's receipt carries a new private order link, only its hash kept.
 */
@Injectable()
export class SettleOrderService {
  private readonly logger = new Logger('Orders');

  constructor(
    private readonly orders: OrderStore,
    private readonly store: BillingStore,
    private readonly clock: Clock,
    private readonly links: LinkOrigin,
    private readonly coupons: CouponRedemptions,
    private readonly catalog: ProductCatalog,
  ) {}

  /** @returns the order when this call made it paid, null when it was already paid or does not match. */
  async markPaid(orderId: string, payment: { intentId: string; amount: number; currency: string }): Promise<Order | null> {
    if (payment.currency !== 'usd') return null;
    const now = this.clock.now();
    const paid = await this.orders.markPaid(orderId, payment.intentId, payment.amount, now);
    if (!paid) return null;
    const { order, before } = paid;
    if (before !== 'pending_payment' && order.couponCode) await this.coupons.reinstate(order.id);
    await this.orders.credit(order, now);
    const creator = await this.store.findCreator(order.creatorId);
    if (creator) {
      if (order.kind === 'product') {
        const delivers = order.productId ? ((await this.catalog.delivery(order.productId))?.kind ?? null) : null;
        await this.store.enqueueEmail(orderLinkEmail(order, creator, await this.newLink(order.id), 'receipt', delivers), now);
      }
      else await this.store.enqueueEmail(tipReceiptEmail(order, creator), now);
      await this.store.enqueueEmail(creatorSaleEmail(order, creator), now);
    }
    this.logger.log(`Order ${order.id} paid (${order.kind})`);
    return order;
  }

  /** A declined payment: the order failed and its coupon use given back. */
  async markFailed(orderId: string): Promise<void> {
    if (await this.orders.markFailed(orderId)) {
      const order = await this.orders.find(orderId);
      if (order?.couponCode) await this.coupons.release(orderId);
    }
  }

  /** A new private link for the order (the previous one stops working): the token in the e-mail only. */
  async newLink(orderId: string): Promise<string> {
    const { token, tokenHash } = newSecretToken();
    await this.orders.setTokenHash(orderId, tokenHash);
    return this.links.url(orderLinkPath(token));
  }
}
