import { Injectable } from '@nestjs/common';
import { PAID_BOOKING_STATUSES, PaymentMessages, type BookedNotice, type BookingStatus } from '@linkbio/shared-contracts';
import { notFound } from '../../../shared/domain-error.js';
import { EmailOutboxRelay } from '../../../shared/email/email-outbox.relay.js';
import { BillingStore } from './ports/billing.store.js';
import { PaymentGateway } from './ports/payment-gateway.js';
import { RefundStore } from './ports/refund.store.js';
import { Transactions } from '../../../shared/transactions.js';
import { SettleBookingService } from './settle-booking.service.js';

const INTENT_ID = /^pi_[A-Za-z0-9_]{1,200}$/;

export interface BookingPaymentCheck {
  status: BookingStatus;
  username: string;
  /** What the visitor is told on the bio page: confirmed once paid, refunding when the time was taken meanwhile. */
  notice: BookedNotice | null;
}

/** The states of a booking whose money goes (or went) back. */
const REFUNDING: readonly BookingStatus[] = ['refund_due', 'refunded'];

/**
 * The server-side check of a booking's payment (the return to /booking-success, or the page asking after an
 * in-page confirmation): asks the provider, and marks the booking paid through the same idempotent path as
 * the webhook when the provider says it succeeded. Whatever the client claims, only the provider's answer counts.
 */
@Injectable()
export class ConfirmBookingPaymentUseCase {
  constructor(
    private readonly store: BillingStore,
    private readonly gateway: PaymentGateway,
    private readonly transactions: Transactions,
    private readonly settle: SettleBookingService,
    private readonly outbox: EmailOutboxRelay,
    private readonly refunds: RefundStore,
  ) {}

  /** The intent id is taken from the client secret ("pi_…_secret_…"), which must match the provider's. */
  byClientSecret(clientSecret: string): Promise<BookingPaymentCheck> {
    const intentId = clientSecret.split('_secret_')[0] ?? '';
    return this.check(intentId, clientSecret);
  }

  async check(intentId: string, clientSecret?: string): Promise<BookingPaymentCheck> {
    if (!INTENT_ID.test(intentId)) throw notFound(PaymentMessages.paymentNotFound);
    const intent = await this.gateway.retrieveIntent(intentId);
    if (!intent || (clientSecret !== undefined && intent.clientSecret !== clientSecret)) throw notFound(PaymentMessages.paymentNotFound);
    const bookingId = intent.metadata.bookingId;
    const booking = bookingId ? await this.store.findBooking(bookingId) : null;
    if (!booking) throw notFound(PaymentMessages.paymentNotFound);
    const creator = await this.store.findCreator(booking.creatorId);
    if (!creator) throw notFound(PaymentMessages.paymentNotFound);
    if (intent.status === 'succeeded' && !PAID_BOOKING_STATUSES.includes(booking.status)) {
      const paid = await this.transactions.run(() =>
        this.settle.markPaid(booking.id, { intentId: intent.id, amount: intent.amount, currency: intent.currency }),
      );
      if (paid) await this.outbox.deliverPending();
    }
    const status = (await this.store.findBooking(booking.id))?.status ?? booking.status;
    return { status, username: creator.username, notice: await this.noticeFor(booking.id, status) };
  }

  /**
   * A payment that came after its time went to someone else leaves the booking refund_due with no refund asked
   * yet (the sweep asks it), or with a refund whose reason says so: the visitor is told at once, not only by the
   * refund's e-mail. A booking cancelled later by either side is not such a case.
   */
  private async noticeFor(bookingId: string, status: BookingStatus): Promise<BookedNotice | null> {
    if (status === 'paid') return 'confirmed';
    if (!REFUNDING.includes(status)) return null;
    const refund = await this.refunds.refundOf(bookingId);
    return !refund || refund.reason === 'time_taken' ? 'refunding' : null;
  }
}
