import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../../shared/clock.js';
import { EmailOutboxRelay } from '../../../shared/email/email-outbox.relay.js';
import type { PaymentEvent } from '../domain/payment-event.js';
import { applyInvoicePaid, applySnapshot, type Subscription } from '../domain/subscription.js';
import { BillingStore } from './ports/billing.store.js';
import { PaymentMetrics } from './payment-metrics.js';
import { Transactions } from '../../../shared/transactions.js';
import { chargeRefundFacts, intentFacts, invoiceFacts, refundFacts, subscriptionFacts, type RefundFacts } from './provider-objects.js';
import { RefundStore } from './ports/refund.store.js';
import { RefundEffects } from './refund-effects.service.js';
import { PremiumChargesService } from './premium-charges.service.js';
import { SettleBookingService } from './settle-booking.service.js';

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * Applies a payment provider event: Stripe's webhooks and the local provider's events both come here.
 * Each event id is recorded in processed_events in the same transaction as its effects, so an event
 * applies once however often it is delivered (concurrent duplicates wait on the unique key, then skip).
 * Effects are idempotent and order-independent on their own too: a booking never leaves `paid`, and
 * subscription events carry their full state and are ignored when older than the last one applied.
 */
@Injectable()
export class HandlePaymentEventUseCase {
  private readonly logger = new Logger('Payments');

  constructor(
    private readonly store: BillingStore,
    private readonly transactions: Transactions,
    private readonly settle: SettleBookingService,
    private readonly outbox: EmailOutboxRelay,
    private readonly clock: Clock,
    private readonly metrics: PaymentMetrics,
    private readonly refunds: RefundStore,
    private readonly refundEffects: RefundEffects,
    private readonly premiumCharges: PremiumChargesService,
  ) {}

  /** A Stripe webhook's event. */
  async execute(event: PaymentEvent): Promise<EventOutcome> {
    const outcome = await this.transactions.run(() => this.applyInTransaction(event));
    if (outcome !== 'duplicate') this.metrics.count('stripe', event);
    if (outcome === 'applied') await this.outbox.deliverPending();
    return outcome;
  }

  /** For callers that already run a transaction (the local provider); they deliver the outbox after commit. */
  async applyInTransaction(event: PaymentEvent): Promise<EventOutcome> {
    if (!(await this.store.recordEvent(event.id, event.type, this.clock.now()))) return 'duplicate';
    const object = event.data.object;
    switch (event.type) {
      case 'payment_intent.succeeded': {
        const intent = intentFacts(object);
        if (!intent?.bookingId) return 'ignored'; // a subscription's invoice payment: invoice.paid drives it
        await this.settle.markPaid(intent.bookingId, { intentId: intent.id, amount: intent.amount, currency: intent.currency });
        return 'applied';
      }
      case 'payment_intent.payment_failed': {
        const intent = intentFacts(object);
        if (!intent?.bookingId) return 'ignored';
        await this.store.markFailed(intent.bookingId, intent.id);
        return 'applied';
      }
      case 'invoice.paid': {
        const invoice = invoiceFacts(object);
        if (!invoice) return 'ignored';
        const current = await this.store.lockSubscription(invoice.subscriptionId);
        if (!current) return 'ignored'; // not ours, or not stored yet: its subscription events carry the state
        const charged = await this.premiumCharges.invoicePaid(object, current);
        const outcome = await this.saveSubscription(current, applyInvoicePaid(current, invoice.periodEnd, event.created));
        return charged ? 'applied' : outcome;
      }
      case 'invoice.payment_failed':
        return this.premiumCharges.invoicePaymentFailed(object);
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const facts = subscriptionFacts(object);
        if (!facts) return 'ignored';
        let current = await this.store.lockSubscription(facts.id);
        if (!current) {
          const userId = facts.userId && (await this.store.findCreator(facts.userId)) ? facts.userId : null;
          if (!userId) {
            this.logger.warn(`Subscription ${facts.id} of no known creator: ignored`);
            return 'ignored';
          }
          current = await this.premiumCharges.adopt(facts.id, userId);
        }
        return this.saveSubscription(current, applySnapshot(current, facts.snapshot, event.created));
      }
      case 'charge.refunded':
      case 'refund.created':
      case 'refund.updated':
      case 'refund.failed': {
        const refund = event.type === 'charge.refunded' ? chargeRefundFacts(object) : refundFacts(object);
        return refund ? this.applyRefund(refund) : 'ignored';
      }
      default:
        return 'ignored';
    }
  }

  /**
   * A refund the provider reports. In full and succeeded: the booking is refunded, also when the refund was
   * made at the provider itself (its earning reversed then, as for a cancellation). Refused: the refund is
   * asked again by the sweep, under a new key. Partial refunds are the operators' business: ignored.
   */
  private async applyRefund(refund: RefundFacts): Promise<EventOutcome> {
    const found = await this.store.findBookingByIntent(refund.intentId);
    const booking = found && (await this.refunds.lockBooking(found.id));
    if (!booking) return 'ignored';
    const now = this.clock.now();
    if (refund.status === 'failed') {
      const ours = await this.refunds.refundOf(booking.id);
      if (!ours || booking.status !== 'refund_due' || (ours.providerRefundId && ours.providerRefundId !== refund.refundId)) return 'ignored';
      await this.refunds.recordAttempt(ours.id, { status: 'failed', providerRefundId: refund.refundId ?? undefined, refused: true }, now);
      return 'applied';
    }
    if (refund.status !== 'succeeded' || refund.amount < booking.amount) return 'ignored';
    if (booking.status === 'paid') await this.refundEffects.decide(booking, 'at_provider', now);
    return (await this.refundEffects.complete(booking.id, refund.refundId, now)) ? 'applied' : 'ignored';
  }

  private async saveSubscription(current: Subscription, next: Subscription | null): Promise<EventOutcome> {
    if (!next) return 'ignored';
    const now = this.clock.now();
    await this.store.saveSubscription(next, now);
    await this.store.refreshPremium(current.userId, now);
    return 'applied';
  }
}
