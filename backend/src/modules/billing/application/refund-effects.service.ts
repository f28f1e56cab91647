import { Injectable } from '@nestjs/common';
import { SlotReservations } from '../../scheduling/application/ports/slot-reservations.js';
import { newId, type Id } from '../../../shared/ids.js';
import type { Booking } from '../domain/booking.js';
import { refundedBookingEmail } from './booking-emails.js';
import { BillingStore } from './ports/billing.store.js';
import { RefundStore, type Refund, type RefundReason } from './ports/refund.store.js';

/**
 * What a refund changes, inside the caller's transaction (a cancellation, the refund sweep, a provider event).
 * Deciding it: the booking becomes refund_due, the creator's earning is reversed in the ledger (so no payout
 * carries it; one already paid out is netted against the next), the session's time is freed, and the refund
 * is requested once. Completing it: refunded, and the visitor told (with the invite's cancellation).
 */
@Injectable()
export class RefundEffects {
  constructor(
    private readonly refunds: RefundStore,
    private readonly store: BillingStore,
    private readonly slots: SlotReservations,
  ) {}

  /** A paid (or refund_due) booking's money is to go back; its refund, requested once. */
  async decide(booking: Booking, reason: RefundReason, now: Date): Promise<Refund> {
    if (booking.status === 'paid') {
      await this.refunds.markRefundDue(booking.id);
      await this.refunds.reverseEarning(booking, now);
      if (booking.slotStart) await this.slots.cancel(booking.id);
    }
    return this.refunds.request({ id: newId(), bookingId: booking.id, amount: booking.amount, reason, now });
  }

  /** The provider made the refund: the booking when this call completed it, null when it already was. */
  async complete(bookingId: Id, providerRefundId: string | null, now: Date): Promise<Booking | null> {
    const booking = await this.refunds.markRefunded(bookingId, providerRefundId, now);
    if (!booking) return null;
    const [refund, creator] = await Promise.all([this.refunds.refundOf(bookingId), this.store.findCreator(booking.creatorId)]);
    if (creator) {
      const timeZone = booking.slotStart ? await this.slots.timeZoneOf(creator.id) : 'UTC';
      await this.store.enqueueEmail(refundedBookingEmail(booking, creator, refund?.reason ?? 'at_provider', timeZone, now), now);
    }
    return booking;
  }
}
