import { Injectable } from '@nestjs/common';
import { Clock } from '../../../shared/clock.js';
import { Transactions } from '../../../shared/transactions.js';
import { SlotReservations } from '../../scheduling/application/ports/slot-reservations.js';
import { BillingStore } from './ports/billing.store.js';

/**
 * The billing sweep's part for bookings at set times: those still unpaid when their hold ran out become
 * expired, and their slots are freed (a new booking of an overlapping time frees them too, without waiting).
 */
@Injectable()
export class ExpireBookingHoldsUseCase {
  constructor(
    private readonly store: BillingStore,
    private readonly slots: SlotReservations,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
  ) {}

  /** @returns how many bookings expired. */
  execute(): Promise<number> {
    const now = this.clock.now();
    return this.transactions.run(async () => {
      const expired = await this.store.expireHolds(now);
      await this.slots.releaseExpired(now);
      return expired;
    });
  }
}
