import { Injectable } from '@nestjs/common';
import { CouponMessages, Messages, PaymentMessages, saleAmounts, type CouponCheckRequest, type CouponCheckResponse } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { DomainError, invalid, notFound } from '../../../shared/domain-error.js';
import { ProductCatalog } from '../../products/application/ports/product-catalog.js';
import { chosenSessionType, SessionTypeCatalog } from '../../session-types/application/ports/session-type-catalog.js';
import { isRefusal } from '../domain/coupon.js';
import { CouponCheckRateLimit } from './ports/coupon-check-rate-limit.js';
import { CouponCreators } from './ports/coupon-creators.js';
import { CouponRedemptions, type CouponTarget } from './ports/coupon-redemptions.js';

/**
 * A visitor checks a code before paying: the price of the session (the type they book) or the product (its price, or
 * for pay-what-you-want the amount the visitor means to pay, at least the minimum), with the coupon, and the fee
 * lines of the discounted price (saleAmounts). Nothing is taken: the use is counted at payment. Limited per
 * client address (COUPON_CHECKS_PER_IP_PER_10_MINUTES).
 */
@Injectable()
export class CheckCouponUseCase {
  constructor(
    private readonly creators: CouponCreators,
    private readonly catalog: ProductCatalog,
    private readonly sessionTypes: SessionTypeCatalog,
    private readonly redemptions: CouponRedemptions,
    private readonly limit: CouponCheckRateLimit,
    private readonly clock: Clock,
  ) {}

  async execute(username: string, request: CouponCheckRequest, visitor: { ip: string }): Promise<CouponCheckResponse> {
    const wait = await this.limit.consume(visitor.ip);
    if (wait !== null) throw new DomainError('too_many', CouponMessages.tooManyChecks(Math.ceil(wait / 60)), { retryAfterSeconds: wait });
    const creator = await this.creators.byUsername(username);
    if (!creator) throw notFound(Messages.userNotFound);
    const { target, priceCents } = await this.priceOf(creator, request);
    const quote = await this.redemptions.quote(creator.id, request.code, target, priceCents, this.clock.now());
    if (isRefusal(quote)) throw invalid(quote.refused);
    return {
      code: quote.code,
      priceBeforeCents: quote.priceBeforeCents,
      priceAfterCents: quote.priceAfterCents,
      discountCents: quote.discountCents,
      ...saleAmounts(quote.priceAfterCents),
    };
  }

  private async priceOf(
    creator: { id: string; sessionPriceCents: number | null },
    request: CouponCheckRequest,
  ): Promise<{ target: CouponTarget; priceCents: number }> {
    if (request.target === 'session') {
      if (creator.sessionPriceCents === null) throw invalid(PaymentMessages.bookingUnavailable);
      const type = chosenSessionType(await this.sessionTypes.bookable(creator.id), request.sessionTypeId);
      return { target: { kind: 'session' }, priceCents: type.priceCents };
    }
    const product = await this.catalog.forSale(creator.id, request.target.toLowerCase());
    if (!product) throw invalid(CouponMessages.productUnavailable);
    const target: CouponTarget = { kind: 'product', productId: product.id };
    if (product.priceCents !== null) return { target, priceCents: product.priceCents };
    const amount = request.amountCents ?? null;
    if (amount === null) throw invalid(CouponMessages.amountRequired);
    const min = product.minPriceCents ?? 0;
    if (amount < min) throw invalid(CouponMessages.amountBelowMinimum(min));
    return { target, priceCents: amount };
  }
}
