import { Injectable, Logger } from '@nestjs/common';
import { PAID_BOOKING_STATUSES } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { EmailOutboxRelay } from '../../../shared/email/email-outbox.relay.js';
import { dollars } from '../domain/booking.js';
import { KNOWN_EVENT_TYPES, type PaymentEvent } from '../domain/payment-event.js';
import { applyInvoicePaid, applySnapshot, type Subscription } from '../domain/subscription.js';
import { BillingStore } from './ports/billing.store.js';
import { PaymentMetrics } from './payment-metrics.js';
import { Transactions } from '../../../shared/transactions.js';
import { chargeRefundFacts, intentFacts, invoiceFacts, refundFacts, subscriptionFacts } from './provider-objects.js';
import { PaymentIssueStore } from './ports/payment-issue.store.js';
import { ProviderEventIntake } from './ports/provider-event-intake.js';
import { ProviderRefundsService } from './provider-refunds.service.js';
import { isUnapplied, unapplied, type Unapplied } from './unapplied-events.js';
import { PremiumChargesService } from './premium-charges.service.js';
import { CouponRedemptions } from '../../coupons/application/ports/coupon-redemptions.js';
import { SettleBookingService } from './settle-booking.service.js';
import { OrderEventsService } from './order-events.service.js';
import { OrderSweepService } from './order-sweep.service.js';

export type EventOutcome = 'applied' | 'duplicate' | 'unapplied';

/** What applying an event came to, before it is recorded: 'ignored' is an event the product does not need. */
type Decision = 'applied' | 'duplicate' | 'ignored' | Unapplied;

/**
 * Applies a payment provider event: Stripe's webhooks, the local provider's events and events other modules
 * hand billing (ProviderEventIntake: a reconciliation's) all come here. Each event id is recorded in
 * processed_events in the same transaction as its effects, so an event applies once however often it is
 * delivered (concurrent duplicates wait on the unique key, then skip). Effects are idempotent and
 * order-independent on their own too: refunds are keyed on the provider's refund id (ProviderRefundsService),
 * and subscription events carry their full state and are not applied when older than the last one applied.
 * An event that cannot be matched or applied is never dropped in silence: it is kept in
 * provider_events_unapplied with its reason, logged and counted (npm run ops -- payments:unapplied).
 */
@Injectable()
export class HandlePaymentEventUseCase extends ProviderEventIntake {
  private readonly logger = new Logger('Payments');

  constructor(
    private readonly store: BillingStore,
    private readonly transactions: Transactions,
    private readonly settle: SettleBookingService,
    private readonly outbox: EmailOutboxRelay,
    private readonly clock: Clock,
    private readonly metrics: PaymentMetrics,
    private readonly providerRefunds: ProviderRefundsService,
    private readonly issues: PaymentIssueStore,
    private readonly premiumCharges: PremiumChargesService,
    private readonly coupons: CouponRedemptions,
    private readonly orderEvents: OrderEventsService,
    private readonly orderSweep: OrderSweepService,
  ) {
    super();
  }

  /** A Stripe webhook's event. */
  execute(event: PaymentEvent): Promise<EventOutcome> {
    return this.apply(event, 'stripe');
  }

  /** An event in its own transaction, counted once committed, its e-mails sent. */
  async apply(event: PaymentEvent, provider: 'stripe' | 'local'): Promise<EventOutcome> {
    const decision = await this.transactions.run(() => this.decideAndRecord(event, provider));
    const outcome = this.outcomeOf(event, provider, decision);
    if (outcome === 'applied') {
      await this.outbox.deliverPending();
      await this.orderSweep.afterPayment();
    }
    return outcome;
  }

  /** For callers that already run a transaction (the local provider); they deliver the outbox after commit. */
  async applyInTransaction(event: PaymentEvent, provider: 'stripe' | 'local' = 'local'): Promise<EventOutcome> {
    return this.outcomeOf(event, provider, await this.decideAndRecord(event, provider), false);
  }

  private async decideAndRecord(event: PaymentEvent, provider: 'stripe' | 'local'): Promise<Decision> {
    if (!(await this.store.recordEvent(event.id, event.type, this.clock.now()))) return 'duplicate';
    const decision = await this.decide(event, provider);
    const missed = decision === 'ignored' ? notNeeded(event) : decision;
    if (isUnapplied(missed)) {
      await this.issues.recordUnapplied({ ...missed, eventId: event.id, provider, type: event.type, receivedAt: this.clock.now() });
    }
    return missed;
  }

  /** The outcome told to the caller; an unapplied event logged and counted, an applied one counted (`count`: the caller does not). */
  private outcomeOf(event: PaymentEvent, provider: 'stripe' | 'local', decision: Decision, count = true): EventOutcome {
    if (decision === 'applied' || decision === 'duplicate') {
      if (decision === 'applied' && count) this.metrics.count(provider, event);
      return decision;
    }
    const missed = decision === 'ignored' ? notNeeded(event) : decision;
    this.metrics.eventUnapplied(provider, event.type, missed.reason);
    const line = `Event ${event.id.slice(0, 255)} (${event.type.slice(0, 100)}) not applied: ${missed.reason}: ${missed.detail}`;
    // Expected in normal running (its effect comes through other events, or is there already): recorded and
    // counted, not a warning.
    if (missed.reason === 'handled_elsewhere' || missed.reason === 'stale') {
      if (count) this.metrics.count(provider, event); // an invoice.paid with nothing left to change is still a payment
      this.logger.log(line);
    } else this.logger.warn(line);
    return 'unapplied';
  }

  private async decide(event: PaymentEvent, provider: 'stripe' | 'local'): Promise<Decision> {
    const object = event.data.object;
    switch (event.type) {
      case 'payment_intent.succeeded': {
        const intent = intentFacts(object);
        if (!intent) return unapplied('malformed', 'The payment intent lacks its id or amount.');
        if (intent.orderId) return this.orderEvents.paid(intent.orderId, intent);
        if (!intent.bookingId) return unapplied('handled_elsewhere', 'A payment for no booking (a Premium invoice’s): invoice.paid applies it.', intent.id);
        if (intent.currency !== 'usd') return unapplied('currency_mismatch', `The payment is in ${intent.currency.toUpperCase().slice(0, 3)}; bookings are paid in USD.`, intent.id);
        if (await this.settle.markPaid(intent.bookingId, { intentId: intent.id, amount: intent.amount, currency: intent.currency })) return 'applied';
        return this.notSettled(intent.bookingId, intent.id, intent.amount);
      }
      case 'payment_intent.payment_failed': {
        const intent = intentFacts(object);
        if (!intent) return unapplied('malformed', 'The payment intent lacks its id or amount.');
        if (intent.orderId) return this.orderEvents.failed(intent.orderId);
        if (!intent.bookingId) return unapplied('handled_elsewhere', 'A payment for no booking (a Premium invoice’s): its invoice events apply it.', intent.id);
        // A coupon use the booking held is given back (reinstated if another card pays it after all).
        if (await this.store.markFailed(intent.bookingId, intent.id)) await this.coupons.release(intent.bookingId);
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
          if (!userId) return unapplied('unknown_subscription', 'The subscription is of no creator stored here.', facts.id);
          current = await this.premiumCharges.adopt(facts.id, userId);
        }
        return this.saveSubscription(current, applySnapshot(current, facts.snapshot, event.created));
      }
      case 'charge.refunded': {
        const charge = chargeRefundFacts(object);
        if (!charge) return unapplied('malformed', 'The charge lacks its payment intent or amount refunded, or lists a refund it cannot read.');
        const order = await this.orderEvents.orderPaidWith(charge.intentId);
        if (order) return this.orderEvents.charge(order, charge, provider);
        return this.providerRefunds.applyCharge(charge, provider);
      }
      case 'refund.created':
      case 'refund.updated':
      case 'refund.failed': {
        const refund = refundFacts(object);
        if (!refund) return unapplied('malformed', 'The refund lacks its id, payment intent, amount or status.', typeof object.id === 'string' ? object.id.slice(0, 255) : null);
        const order = await this.orderEvents.orderPaidWith(refund.intentId);
        if (order) return this.orderEvents.refund(order, refund, provider);
        return this.providerRefunds.applyRefund(refund, provider);
      }
      default: {
        const objectId = typeof object.id === 'string' ? object.id.slice(0, 255) : null;
        if ((KNOWN_EVENT_TYPES as readonly string[]).includes(event.type)) {
          return unapplied('handled_elsewhere', 'The product takes what this event tells from other events.', objectId);
        }
        return unapplied('unknown_type', 'The product does not handle events of this type.', objectId);
      }
    }
  }

  /** A payment the booking did not take: already paid (the server-side check came first), or not matching it. */
  private async notSettled(bookingId: string, intentId: string, amount: number): Promise<Decision> {
    const booking = await this.store.findBooking(bookingId);
    if (!booking) return unapplied('unknown_booking', 'The payment names a booking that does not exist.', intentId);
    if (booking.paymentIntentId === intentId && PAID_BOOKING_STATUSES.includes(booking.status)) return 'applied';
    if (booking.amount !== amount) return unapplied('amount_mismatch', `The payment of ${dollars(amount)} does not match the booking’s ${dollars(booking.amount)}.`, intentId);
    return unapplied('not_applicable', `The booking is ${booking.status.replace(/_/g, ' ')} with another payment.`, intentId);
  }

  private async saveSubscription(current: Subscription, next: Subscription | null): Promise<Decision> {
    if (!next) return unapplied('stale', 'The subscription already stands as the event tells, or the event is older than the last one applied.', current.id);
    const now = this.clock.now();
    await this.store.saveSubscription(next, now);
    await this.store.refreshPremium(current.userId, now);
    return 'applied';
  }
}

/** An event a case returned 'ignored' for: not needed, or about a subscription the product does not know. */
function notNeeded(event: PaymentEvent): Unapplied {
  const objectId = typeof event.data.object.id === 'string' ? event.data.object.id.slice(0, 255) : null;
  if (event.type.startsWith('invoice.') || event.type.startsWith('customer.subscription.')) {
    return unapplied('unknown_subscription', 'The subscription is of no known creator, not stored yet, or the object lacks its id or status.', objectId);
  }
  return unapplied('not_applicable', 'The event changes nothing the product keeps.', objectId);
}
