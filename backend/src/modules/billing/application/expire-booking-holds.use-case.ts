import { Injectable } from '@nestjs/common';
import { Clock } from '../../../shared/clock.js';
import { Transactions } from '../../../shared/transactions.js';
import { SlotReservations } from '../../scheduling/application/ports/slot-reservations.js';
import { CouponRedemptions } from '../../coupons/application/ports/coupon-redemptions.js';
import { BillingStore } from './ports/billing.store.js';

/**
 * The billing sweep's part for bookings at set times: those still unpaid when their hold ran out become
 * expired, and their slots are freed (a new booking of an overlapping time frees them too, without waiting),
 * and the coupon uses they held given back (reinstated if a payment arrives after all).
 */
@Injectable()
export class ExpireBookingHoldsUseCase {
  constructor(
    private readonly store: BillingStore,
    private readonly slots: SlotReservations,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    private readonly coupons: CouponRedemptions,
  ) {}

  /** @returns how many bookings expired. */
  execute(): Promise<number> {
    const now = this.clock.now();
    return this.transactions.run(async () => {
      const expired = await this.store.expireHolds(now);
      await this.slots.releaseExpired(now);
      for (const bookingId of expired) await this.coupons.release(bookingId);
      return expired.length;
    });
  }
}
