import { Injectable } from '@nestjs/common';
import {
  attributionFromBody,
  Messages,
  OrderMessages,
  type OrderCreatedResponse,
  type OrderRequest,
  type SaleAttribution,
  type TipRequest,
} from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { CountryLookup } from '../../analytics/application/ports/country-lookup.js';
import { DomainError, invalid, notFound } from '../../../shared/domain-error.js';
import { isId } from '../../../shared/ids.js';
import { Transactions } from '../../../shared/transactions.js';
import { CouponRedemptions, type CouponQuote } from '../../coupons/application/ports/coupon-redemptions.js';
import { ProductCatalog } from '../../products/application/ports/product-catalog.js';
import { newOrder, TIP_TITLE, type Order } from '../domain/order.js';
import { BillingStore, type Creator } from './ports/billing.store.js';
import { OrderStore } from './ports/order.store.js';
import { OrderEmailRateLimit, OrderIpRateLimit } from './ports/order-rate-limits.js';
import { PaymentGateway } from './ports/payment-gateway.js';

/** The least a card payment can be (Stripe's minimum charge in USD). */
const LEAST_CHARGE_CENTS = 50;

/**
 * A visitor orders a product or sends a tip: within the limits (per client address and per buyer e-mail), the
 * price is decided here — the product's fixed price, or what the buyer chose at or above its minimum, or the
 * tip — then any coupon quoted (the fee is on the discounted price, saleAmounts) and redeemed in the same
 * transaction that stores the order (pending_payment). Its payment intent is made at the provider after that
 * commits (metadata orderId, idempotent per order); when the provider cannot make it, the order fails and the
 * coupon's use is given back. The payment is confirmed as a booking's (the local confirm call, or Stripe and
 * its webhook), which settles the order (SettleOrderService). Each keeps the visit it came from (the attribution
 * the page's address carried, issue 29) and the buyer's country, set here once.
 */
@Injectable()
export class CreateOrderUseCase {
  constructor(
    private readonly store: BillingStore,
    private readonly orders: OrderStore,
    private readonly catalog: ProductCatalog,
    private readonly gateway: PaymentGateway,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    private readonly ipLimit: OrderIpRateLimit,
    private readonly emailLimit: OrderEmailRateLimit,
    private readonly coupons: CouponRedemptions,
    private readonly countries: CountryLookup,
  ) {}

  async product(username: string, productId: string, request: OrderRequest, visitor: { ip: string }): Promise<OrderCreatedResponse> {
    await this.countRequest(visitor.ip, request.customerEmail);
    const creator = await this.creatorNamed(username);
    const product = isId(productId) ? await this.catalog.forSale(creator.id, productId) : null;
    if (!product) throw notFound(OrderMessages.productUnavailable);
    let price: number;
    if (product.priceCents !== null) price = product.priceCents;
    else {
      const least = product.minPriceCents ?? 0;
      if (request.amountCents === undefined || request.amountCents < least) throw invalid(OrderMessages.belowMinimum(least));
      price = request.amountCents;
    }
    const now = this.clock.now();
    const code = request.couponCode || null;
    const quote = code ? await this.quote(creator.id, code, product.id, price, now) : null;
    const order = newOrder({
      creatorId: creator.id,
      kind: 'product',
      productId: product.id,
      title: product.title,
      customerName: request.customerName,
      customerEmail: request.customerEmail,
      message: null,
      priceCents: quote ? quote.priceAfterCents : price,
      discountCents: quote ? quote.discountCents : 0,
      couponCode: quote ? quote.code : null,
      joinList: request.joinList === true,
      now,
      attribution: this.attribution(request, visitor.ip),
    });
    if (order.amount < LEAST_CHARGE_CENTS) throw invalid(OrderMessages.couponInvalid);
    return this.place(order, creator, quote, `${product.title} from ${creator.displayName} (@${creator.username})`);
  }

  async tip(username: string, request: TipRequest, visitor: { ip: string }): Promise<OrderCreatedResponse> {
    await this.countRequest(visitor.ip, request.customerEmail);
    const creator = await this.creatorNamed(username);
    if (!(await this.orders.tipSettingsOf(creator.id)).enabled) throw invalid(OrderMessages.tipsOff);
    const order = newOrder({
      creatorId: creator.id,
      kind: 'tip',
      productId: null,
      title: TIP_TITLE,
      customerName: request.name || null,
      customerEmail: request.customerEmail,
      message: request.message || null,
      priceCents: request.amountCents,
      discountCents: 0,
      couponCode: null,
      joinList: request.joinList === true,
      now: this.clock.now(),
      attribution: this.attribution(request, visitor.ip),
    });
    return this.place(order, creator, null, `Tip to ${creator.displayName} (@${creator.username})`);
  }

  /** The visit the checkout came from (a value of another shape: none) and the country of the buyer's address, never the address. */
  private attribution(request: OrderRequest | TipRequest, ip: string): SaleAttribution {
    return { ...attributionFromBody(request.attribution), country: this.countries.countryOf(ip) };
  }

  private async creatorNamed(username: string): Promise<Creator> {
    const creator = await this.store.findCreatorByUsername(username);
    if (!creator) throw notFound(Messages.userNotFound);
    return creator;
  }

  private async quote(creatorId: string, code: string, productId: string, price: number, now: Date): Promise<CouponQuote> {
    const quote = await this.coupons.quote(creatorId, code, { kind: 'product', productId }, price, now);
    if ('refused' in quote) throw invalid(quote.refused);
    return quote;
  }

  private async place(order: Order, creator: Creator, quote: CouponQuote | null, description: string): Promise<OrderCreatedResponse> {
    await this.transactions.run(async () => {
      await this.orders.add(order);
      if (quote) {
        const redeemed = await this.coupons.redeem(quote, order.id, order.createdAt);
        // Taken by another buyer meanwhile: nothing is kept (the transaction rolls back).
        if ('refused' in redeemed) throw invalid(redeemed.refused);
      }
    });
    const intent = await this.gateway
      .createOrderIntent({
        orderId: order.id,
        amount: order.amount,
        description,
        receiptEmail: order.customerEmail,
        returnPath: `/${creator.username}?paid=${order.kind}`,
      })
      .catch(async (error: unknown) => {
        await this.transactions.run(async () => {
          await this.orders.markFailed(order.id);
          if (quote) await this.coupons.release(order.id);
        });
        throw error;
      });
    await this.orders.attachIntent(order.id, intent.intentId);
    return { clientSecret: intent.clientSecret, amount: order.amount, userAmount: order.userAmount, platformFee: order.platformFee, discountCents: order.discountCents };
  }

  private async countRequest(ip: string, email: string): Promise<void> {
    const waits = await Promise.all([this.ipLimit.consume(ip), this.emailLimit.consume(email.toLowerCase())]);
    const wait = Math.max(...waits.map((seconds) => seconds ?? 0));
    if (wait > 0) throw new DomainError('too_many', OrderMessages.tooManyOrders(Math.ceil(wait / 60)), { retryAfterSeconds: wait });
  }
}
