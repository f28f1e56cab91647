import { Injectable, Logger } from '@nestjs/common';
import { PaymentMessages } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { conflict, notFound } from '../../../shared/domain-error.js';
import { EmailOutboxRelay } from '../../../shared/email/email-outbox.relay.js';
import type { Id } from '../../../shared/ids.js';
import { Transactions } from '../../../shared/transactions.js';
import type { Booking } from '../domain/booking.js';
import { PaymentMetrics } from './payment-metrics.js';
import { BillingStore } from './ports/billing.store.js';
import { PaymentGateway } from './ports/payment-gateway.js';
import { RefundStore, type Refund } from './ports/refund.store.js';
import { RefundEffects } from './refund-effects.service.js';

/** Refunds tried per sweep; the rest wait for the next one (a minute later). */
const REFUNDS_PER_SWEEP = 50;

/**
 * Paid bookings' money going back, in full, through the payment provider. A cancellation is decided in one
 * transaction (RefundEffects.decide) and the provider asked after it commits, under an idempotency key per
 * refund (a new key only after the provider refused one), so a retry never refunds twice. What could not be
 * refunded at once (the provider away or refusing, a late payment for a time someone else took) stays
 * refund_due and is tried again by the billing sweep.
 */
@Injectable()
export class RefundBookingUseCase {
  private readonly logger = new Logger('Payments');

  constructor(
    private readonly refunds: RefundStore,
    private readonly effects: RefundEffects,
    private readonly store: BillingStore,
    private readonly gateway: PaymentGateway,
    private readonly transactions: Transactions,
    private readonly outbox: EmailOutboxRelay,
    private readonly clock: Clock,
    private readonly metrics: PaymentMetrics,
  ) {}

  /**
   * The creator cancels one of their paid (or partly refunded) bookings: the visitor is refunded in full (the rest
   * of the amount). Asked again while the refund is being asked for, the attempt is made again under the same
   * idempotency key (the provider answers the refund it made), so every answer tells the booking's actual state.
   */
  async cancelByCreator(creatorId: Id, bookingId: Id): Promise<Booking> {
    const due = await this.transactions.run(async () => {
      const booking = await this.refunds.lockBooking(bookingId);
      if (!booking || booking.creatorId !== creatorId) throw notFound(PaymentMessages.bookingNotFound);
      if (booking.status === 'refunded') return false;
      // On its way (another call is asking the provider): asked again under the same key, to answer its end.
      // Refused or the provider away: the sweep asks again after its wait, not every click.
      if (booking.status === 'refund_due') return (await this.refunds.refundOf(bookingId))?.status !== 'failed';
      if (booking.status !== 'paid' && booking.status !== 'partially_refunded') throw conflict(PaymentMessages.notRefundable);
      await this.effects.decide(booking, 'cancelled_by_creator', this.clock.now());
      return true;
    });
    if (due) await this.attempt(bookingId);
    return (await this.store.findBooking(bookingId))!;
  }

  /** The sweep: every booking whose money is due back and not on its way is tried. */
  async refundDue(): Promise<number> {
    let refunded = 0;
    for (const id of await this.refunds.dueForRefund(this.clock.now(), REFUNDS_PER_SWEEP)) {
      if ((await this.attempt(id)).status === 'refunded') refunded += 1;
    }
    return refunded;
  }

  /**
   * Asks the provider for the booking's refund, when it is refund_due and the refund not on its way: right after
   * a cancellation decided it (RefundEffects.decide, committed), and by the sweep.
   */
  async attempt(bookingId: Id): Promise<Booking> {
    const prepared = await this.transactions.run(async () => {
      const booking = await this.refunds.lockBooking(bookingId);
      if (!booking || booking.status !== 'refund_due' || !booking.paymentIntentId) return null;
      // A late payment for a time someone else took has no refund yet: its reason is that.
      return { booking, refund: await this.effects.decide(booking, 'time_taken', this.clock.now()) };
    });
    if (!prepared || prepared.refund.status === 'succeeded' || prepared.refund.status === 'pending') return (await this.store.findBooking(bookingId))!;
    const { booking, refund } = prepared;
    try {
      const state = await this.gateway.refund({
        intentId: booking.paymentIntentId!,
        amount: refund.amount,
        key: `${refund.id}-${refund.refusals}`,
        bookingId,
      });
      const { status, refundId } = state;
      if (status === 'succeeded') return await this.completed(refund, refundId);
      await this.transactions.run(() =>
        this.refunds.recordAttempt(refund.id, { status, providerRefundId: refundId, refused: status === 'failed' }, this.clock.now()),
      );
      if (status === 'failed') {
        this.metrics.refund(this.gateway.provider, 'failed');
        this.logger.warn(`The provider refused refund ${refundId} of booking ${bookingId}; it will be asked again`);
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await this.transactions.run(() => this.refunds.recordAttempt(refund.id, { status: 'failed', error: message }, this.clock.now()));
      this.logger.warn(`Refund of booking ${bookingId} not made yet (${message}); the billing sweep tries again`);
    }
    return (await this.store.findBooking(bookingId))!;
  }

  private async completed(refund: Refund, providerRefundId: string): Promise<Booking> {
    const done = await this.transactions.run(() => this.effects.completeOwn(refund, providerRefundId, this.clock.now()));
    // Counted once: the refund's later events find it succeeded already.
    if (done) this.metrics.refund(this.gateway.provider, 'succeeded');
    await this.outbox.deliverPending();
    return done ?? (await this.store.findBooking(refund.bookingId))!;
  }
}
