import { Injectable } from '@nestjs/common';
import { Messages, PaymentMessages, type BookingCreatedResponse, type BookingRequest } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { invalid, notFound } from '../../../shared/domain-error.js';
import { requestBooking } from '../domain/booking.js';
import { BillingStore } from './ports/billing.store.js';
import { PaymentGateway } from './ports/payment-gateway.js';
import { Transactions } from '../../../shared/transactions.js';

/**
 * A visitor asks for a session: the booking is stored (pending_payment) with amounts from the creator's
 * stored price, then its payment intent is made at the provider (outside the transaction: no network call
 * holds a database transaction open; the provider call is idempotent per booking) and attached. When the
 * provider cannot make the payment, the booking is marked failed (the creator never sees it waiting for a
 * payment that cannot come) and the visitor gets the provider's 503 to try again.
 */
@Injectable()
export class CreateBookingUseCase {
  constructor(
    private readonly store: BillingStore,
    private readonly gateway: PaymentGateway,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
  ) {}

  async execute(username: string, request: BookingRequest): Promise<BookingCreatedResponse> {
    const creator = await this.store.findCreatorByUsername(username);
    if (!creator) throw notFound(Messages.userNotFound);
    if (!creator.enableBooking || creator.bookingPrice === null || creator.bookingPrice <= 0) {
      throw invalid(PaymentMessages.bookingUnavailable);
    }
    const booking = requestBooking(creator.id, creator.bookingPrice, request, this.clock.now());
    await this.transactions.run(() => this.store.addBooking(booking));
    const intent = await this.gateway
      .createBookingIntent({
        bookingId: booking.id,
        amount: booking.amount,
        description: `Session with ${creator.displayName} (@${creator.username})`,
        receiptEmail: booking.customerEmail,
        returnPath: `/${creator.username}?booked=true`,
      })
      .catch(async (error: unknown) => {
        await this.store.markFailed(booking.id, null);
        throw error;
      });
    await this.store.attachIntent(booking.id, intent.intentId);
    return { clientSecret: intent.clientSecret, amount: booking.amount, userAmount: booking.userAmount, platformFee: booking.platformFee };
  }
}
