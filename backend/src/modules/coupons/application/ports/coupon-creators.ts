import type { Id } from '../../../../shared/ids.js';

/** A creator as the coupon check sees them: their id and their session's price (null when not taking bookings). */
export interface CouponCreator {
  id: Id;
  sessionPriceCents: number | null;
}

/** Looks a page's creator up by username (case-insensitive; deleted accounts are no one). */
export abstract class CouponCreators {
  abstract byUsername(username: string): Promise<CouponCreator | null>;
}
