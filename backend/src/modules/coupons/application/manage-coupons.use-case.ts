import { Injectable } from '@nestjs/common';
import { CouponMessages, type CreateCouponRequest } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { conflict, invalid, notFound } from '../../../shared/domain-error.js';
import type { Id } from '../../../shared/ids.js';
import { ProductCatalog } from '../../products/application/ports/product-catalog.js';
import { newCoupon, type Coupon } from '../domain/coupon.js';
import { CouponRepository } from './ports/coupon.repository.js';

/** The creator's coupons: added (a product named must be theirs: ProductCatalog.belongsTo), listed, deleted. */
@Injectable()
export class ManageCouponsUseCase {
  constructor(
    private readonly coupons: CouponRepository,
    private readonly catalog: ProductCatalog,
    private readonly clock: Clock,
  ) {}

  async create(creatorId: Id, request: CreateCouponRequest): Promise<Coupon> {
    const coupon = newCoupon(creatorId, request, this.clock.now());
    if (coupon.appliesTo.kind === 'product' && !(await this.catalog.belongsTo(creatorId, coupon.appliesTo.productId))) {
      throw invalid(CouponMessages.productNotYours);
    }
    if (!(await this.coupons.add(coupon))) throw conflict(CouponMessages.codeTaken);
    return coupon;
  }

  list(creatorId: Id): Promise<Coupon[]> {
    return this.coupons.listOf(creatorId);
  }

  async delete(creatorId: Id, couponId: Id): Promise<void> {
    if (!(await this.coupons.remove(creatorId, couponId, this.clock.now()))) throw notFound(CouponMessages.notFound);
  }
}
