import { Module } from '@nestjs/common';
import { SessionTypesModule } from '../session-types/session-types.module.js';
import { COUPON_CHECKS_PER_IP_PER_10_MINUTES } from '@linkbio/shared-contracts';
import { rateLimitProvider } from '../../shared/infrastructure/rate-limiters.js';
import { ProductsModule } from '../products/products.module.js';
import { CheckCouponUseCase } from './application/check-coupon.use-case.js';
import { CouponRedemptionsService } from './application/coupon-redemptions.service.js';
import { ManageCouponsUseCase } from './application/manage-coupons.use-case.js';
import { CouponCheckRateLimit } from './application/ports/coupon-check-rate-limit.js';
import { CouponCreators } from './application/ports/coupon-creators.js';
import { CouponRedemptions } from './application/ports/coupon-redemptions.js';
import { CouponRepository } from './application/ports/coupon.repository.js';
import { CouponsController } from './http/coupons.controller.js';
import { PostgresCouponCreators } from './infrastructure/postgres-coupon-creators.js';
import { PostgresCouponRepository } from './infrastructure/postgres-coupon.repository.js';

/**
 * Coupons: the creator's codes (POST/GET/DELETE /api/coupons), the visitor's check before paying, and the
 * checkouts' port, CouponRedemptions (billing's bookings and orders import this module for it).
 */
@Module({
  imports: [ProductsModule, SessionTypesModule],
  controllers: [CouponsController],
  providers: [
    { provide: CouponRepository, useClass: PostgresCouponRepository },
    { provide: CouponCreators, useClass: PostgresCouponCreators },
    { provide: CouponRedemptions, useClass: CouponRedemptionsService },
    rateLimitProvider(CouponCheckRateLimit, 'coupon_check', COUPON_CHECKS_PER_IP_PER_10_MINUTES, 10 * 60),
    ManageCouponsUseCase,
    CheckCouponUseCase,
  ],
  exports: [CouponRedemptions],
})
export class CouponsModule {}
