import { Injectable } from '@nestjs/common';
import { SlotReservations } from '../../scheduling/application/ports/slot-reservations.js';
import { newId } from '../../../shared/ids.js';
import type { Booking } from '../domain/booking.js';
import { reversalFor } from '../domain/refund-share.js';
import { refundedBookingEmail } from './booking-emails.js';
import { SenderAddress } from '../../../shared/email/sender-address.js';
import { BillingStore } from './ports/billing.store.js';
import { RefundStore, type Refund, type RefundReason } from './ports/refund.store.js';

/** The states a booking's refunds apply in: paid for, and not waiting for operators. */
const REFUNDABLE: Booking['status'][] = ['paid', 'cancelled', 'refund_due', 'partially_refunded'];

/**
 * What refunds change, inside the caller's transaction (a cancellation, the refund sweep, a provider event),
 * the booking locked by the caller. Deciding the booking's own refund: the booking becomes refund_due, the rest
 * of its amount is requested once, the session's time is freed, and the refund counted at once (the creator's
 * share reversed in the ledger, so no payout carries it; one already paid out is netted against the next).
 * Counting any refund reverses its share of the earning (reversalFor: in proportion, never more than the
 * earning). Settling: the refunds that succeeded decide the state — partially_refunded below the amount,
 * refunded at it (the visitor told once, with the invite's cancellation).
 */
@Injectable()
export class RefundEffects {
  constructor(
    private readonly refunds: RefundStore,
    private readonly store: BillingStore,
    private readonly slots: SlotReservations,
    private readonly sender: SenderAddress,
  ) {}

  /** A paid, partly refunded (or refund_due) booking's money is to go back, all that is left of it; its refund, requested once. */
  async decide(booking: Booking, reason: RefundReason, now: Date): Promise<Refund> {
    if (booking.status === 'paid' || booking.status === 'partially_refunded') {
      await this.refunds.markRefundDue(booking.id);
      if (booking.slotStart) await this.slots.cancel(booking.id);
    }
    const succeeded = (await this.refunds.refundsOf(booking.id)).filter((r) => r.status === 'succeeded' && r.reason === 'at_provider');
    const rest = booking.amount - succeeded.reduce((sum, r) => sum + r.amount, 0);
    const refund = await this.refunds.request({ id: newId(), bookingId: booking.id, amount: Math.max(rest, 1), reason, now });
    await this.count(refund, booking, now);
    return refund;
  }

  /** The refund's share of the creator's earning reversed, once. */
  async count(refund: Refund, booking: Booking, now: Date): Promise<void> {
    if (refund.countedAt) return;
    const ledger = await this.refunds.ledgerOf(booking.id);
    const reversal = reversalFor({ amount: booking.amount, earning: ledger.earning, countedBefore: ledger.counted, reversedBefore: ledger.reversed, refund: refund.amount });
    await this.refunds.count(refund, booking, reversal, now);
  }

  /** The booking's own refund was made by the provider: the booking when this call completed it, null when it already was. */
  async completeOwn(refund: Refund, providerRefundId: string | null, now: Date): Promise<Booking | null> {
    const booking = await this.refunds.lockBooking(refund.bookingId);
    if (!booking || !(await this.refunds.markSucceeded(refund.id, providerRefundId, now))) return null;
    await this.count(refund, booking, now);
    return this.settle(booking, now);
  }

  /**
   * The booking's state after its refunds: those that succeeded add up to its amount → refunded (its time freed
   * and the visitor told, once); to less → partially_refunded (paid or cancelled before; a refund_due booking
   * waits for its own refund). The booking when it became refunded by this call, else null.
   */
  async settle(booking: Booking, now: Date): Promise<Booking | null> {
    if (!REFUNDABLE.includes(booking.status)) return null;
    const refunds = await this.refunds.refundsOf(booking.id);
    const refunded = refunds.filter((r) => r.status === 'succeeded').reduce((sum, r) => sum + r.amount, 0);
    if (refunded <= 0) return null;
    if (refunded < booking.amount) {
      if (booking.status === 'paid' || booking.status === 'cancelled') await this.refunds.setStatus(booking.id, [booking.status], 'partially_refunded', now);
      return null;
    }
    if (booking.status === 'paid' || booking.status === 'partially_refunded') {
      // Refunded in full at the provider while the session was still on: its time is freed, its invite cancelled.
      await this.refunds.bumpInvite(booking.id);
      if (booking.slotStart) await this.slots.cancel(booking.id);
    }
    const done = await this.refunds.setStatus(booking.id, REFUNDABLE, 'refunded', now);
    if (!done) return null;
    const creator = await this.store.findCreator(done.creatorId);
    if (creator) {
      // A refund_due booking with no refund of its own yet is a late payment for a time taken: told as such.
      const reason = refunds.find((r) => r.reason !== 'at_provider')?.reason ?? (booking.status === 'refund_due' ? 'time_taken' : 'at_provider');
      const timeZone = done.slotStart ? await this.slots.timeZoneOf(creator.id) : 'UTC';
      await this.store.enqueueEmail(refundedBookingEmail(done, creator, reason, { timeZone, sender: this.sender.address, now }), now);
    }
    return done;
  }

  /**
   * A refund that had succeeded failed at the provider: the booking is refund_failed for the operators (the
   * reversal stays: the money is with the platform until they resolve it). False when already known.
   */
  async failedAfterSuccess(refund: Refund, now: Date): Promise<boolean> {
    if (!(await this.refunds.markFailedAfterSuccess(refund.id, now))) return false;
    await this.refunds.setStatus(refund.bookingId, [...REFUNDABLE, 'refunded'], 'refund_failed', now);
    return true;
  }
}
