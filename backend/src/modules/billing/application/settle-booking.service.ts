import { Injectable, Logger } from '@nestjs/common';
import { PAID_BOOKING_STATUSES } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { SenderAddress } from '../../../shared/email/sender-address.js';
import { LinkOrigin } from '../../../shared/link-origin.js';
import { newSecretToken } from '../../../shared/secret-link.js';
import { SlotReservations } from '../../scheduling/application/ports/slot-reservations.js';
import { ListSignups } from '../../audience/application/ports/list-signups.js';
import { CouponRedemptions } from '../../coupons/application/ports/coupon-redemptions.js';
import type { Booking } from '../domain/booking.js';
import { paidBookingEmails } from './booking-emails.js';
import { BillingStore } from './ports/billing.store.js';
import { BookingManageStore } from './ports/booking-manage.store.js';

/**
 * The one way a booking becomes paid, called inside a transaction by the webhook/event path and by the
 * server-side payment check alike. The conditional UPDATE lets exactly one caller through; that caller
 * keeps the booking's slot (when it was booked at a set time), writes the ledger entry (unique per booking)
 * and queues the two e-mails (unique per booking and kind; a session at a set time says when and carries its
 * calendar invite, and the visitor's receipt their private link to cancel or move it: a new token, kept only as
 * its hash). A payment that came after the hold ran out, for a time someone else has taken meanwhile,
 * leaves the booking refund_due: no earning, no e-mails. A coupon use given back while it was unpaid is
 * reinstated once paid (CouponRedemptions), and given back again when the booking is refund_due.
 */
@Injectable()
export class SettleBookingService {
  private readonly logger = new Logger('Bookings');

  constructor(
    private readonly store: BillingStore,
    private readonly clock: Clock,
    private readonly slots: SlotReservations,
    private readonly manage: BookingManageStore,
    private readonly links: LinkOrigin,
    private readonly sender: SenderAddress,
    private readonly coupons: CouponRedemptions,
    private readonly signups: ListSignups,
  ) {}

  /** @returns the booking when this call made it paid, null when it was already paid or does not match. */
  async markPaid(bookingId: string, payment: { intentId: string; amount: number; currency: string }): Promise<Booking | null> {
    const now = this.clock.now();
    if (payment.currency !== 'usd') {
      this.logger.warn(`Payment ${payment.intentId} for booking ${bookingId} is in ${payment.currency}, not usd: ignored`);
      return null;
    }
    const booking = await this.store.markPaid(bookingId, payment.intentId, payment.amount, now);
    if (!booking) {
      const existing = await this.store.findBooking(bookingId);
      if (existing && !PAID_BOOKING_STATUSES.includes(existing.status)) {
        this.logger.warn(`Payment ${payment.intentId} (${payment.amount}) does not match booking ${bookingId} (${existing.amount}): ignored`);
      }
      return null;
    }
    // Paid: its coupon use counts again if it was given back when the hold ran out or a payment failed.
    await this.coupons.reinstate(booking.id);
    if (booking.slotStart && !(await this.slots.keep(booking.id, now))) {
      await this.store.markRefundDue(booking.id);
      // The session cannot take place and the payment goes back in full: so does the coupon's use.
      await this.coupons.release(booking.id);
      this.logger.warn(`Payment ${payment.intentId} for booking ${bookingId} came after its slot was taken: refund due`);
      return null;
    }
    await this.store.creditCreator(booking, now);
    // Ticked "join my e-mail list": asked to confirm, in this transaction (the list never fails the booking).
    if (booking.joinList) await this.signups.request(booking.creatorId, booking.customerEmail, 'checkout');
    const creator = await this.store.findCreator(booking.creatorId);
    if (creator) {
      const timeZone = booking.slotStart ? await this.slots.timeZoneOf(creator.id) : 'UTC';
      const manageUrl = booking.slotStart ? await this.manageLink(booking.id) : null;
      const context = { timeZone, sender: this.sender.address, now };
      for (const email of paidBookingEmails(booking, creator, context, manageUrl)) await this.store.enqueueEmail(email, now);
    }
    return booking;
  }

  /** The booking's manage page, under a new token whose hash alone is stored (the e-mail holds the link). */
  private async manageLink(bookingId: string): Promise<string> {
    const { token, tokenHash } = newSecretToken();
    await this.manage.setTokenHash(bookingId, tokenHash);
    return this.links.url(`/booking/${token}`);
  }
}
