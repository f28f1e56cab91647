import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../../shared/clock.js';
import { dollars, type Booking } from '../domain/booking.js';
import { BillingStore } from './ports/billing.store.js';

/**
 * The one way a booking becomes paid, called inside a transaction by the webhook/event path and by the
 * server-side payment check alike. The conditional UPDATE lets exactly one caller through; that caller
 * writes the ledger entry (unique per booking) and queues the two e-mails (unique per booking and kind).
 */
@Injectable()
export class SettleBookingService {
  private readonly logger = new Logger('Bookings');

  constructor(
    private readonly store: BillingStore,
    private readonly clock: Clock,
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
      if (existing && existing.status !== 'paid') {
        this.logger.warn(`Payment ${payment.intentId} (${payment.amount}) does not match booking ${bookingId} (${existing.amount}): ignored`);
      }
      return null;
    }
    await this.store.creditCreator(booking, now);
    const creator = await this.store.findCreator(booking.creatorId);
    if (creator) {
      const lines = [
        `Service Fee: ${dollars(booking.userAmount)}`,
        `Platform Fee (20%): ${dollars(booking.platformFee)}`,
        `Total: ${dollars(booking.amount)}`,
      ];
      await this.store.enqueueEmail(
        {
          dedupeKey: `booking:${booking.id}:receipt`,
          to: booking.customerEmail,
          subject: `Booking confirmed with ${creator.displayName}`,
          text: [
            `Hi ${booking.customerName},`,
            '',
            `Your payment was successful and your session with ${creator.displayName} (@${creator.username}) is booked.`,
            '',
            ...lines,
            '',
            `Booking reference: ${booking.id}`,
            `${creator.displayName} will contact you at this address to arrange the session.`,
          ].join('\n'),
        },
        now,
      );
      await this.store.enqueueEmail(
        {
          dedupeKey: `booking:${booking.id}:creator`,
          to: creator.email,
          subject: `New booking from ${booking.customerName}`,
          text: [
            `Hi ${creator.displayName},`,
            '',
            `${booking.customerName} booked a paid session with you.`,
            '',
            `Name: ${booking.customerName}`,
            `Email: ${booking.customerEmail}`,
            `Phone: ${booking.customerPhone ?? '-'}`,
            `Message: ${booking.message ?? '-'}`,
            '',
            `You earn: ${dollars(booking.userAmount)} (paid out weekly)`,
            `Customer paid: ${dollars(booking.amount)}`,
            '',
            `Booking reference: ${booking.id}`,
          ].join('\n'),
        },
        now,
      );
    }
    return booking;
  }
}
