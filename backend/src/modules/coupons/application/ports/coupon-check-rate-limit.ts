import { RateLimit } from '../../../../shared/rate-limit.js';

/** COUPON_CHECKS_PER_IP_PER_10_MINUTES coupon checks per client address, so codes cannot be guessed at speed. */
export abstract class CouponCheckRateLimit extends RateLimit {}
