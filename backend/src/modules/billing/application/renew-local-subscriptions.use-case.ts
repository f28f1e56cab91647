import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../../shared/clock.js';
import { EmailOutboxRelay } from '../../../shared/email/email-outbox.relay.js';
import { Transactions } from '../../../shared/transactions.js';
import type { PaymentEvent } from '../domain/payment-event.js';
import { addOneMonth, MONTHLY_PRICE_CENTS } from '../domain/subscription.js';
import { chargeSavedCard } from '../domain/test-cards.js';
import { HandlePaymentEventUseCase } from './handle-payment-event.use-case.js';
import { localEvent, localIntentObject, localInvoiceObject, localSubscriptionObject } from './local-provider-events.js';
import { PaymentMetrics } from './payment-metrics.js';
import { LocalPaymentStore } from './ports/local-payment.store.js';

/** Renewals handled per sweep; the rest wait for the next one (a minute later). */
const RENEWALS_PER_SWEEP = 100;

/**
 * The local test provider's monthly renewals, as Stripe bills a subscription: at its period's end a
 * subscription not cancelled charges its saved card again. Paid, the next month starts where the last ended
 * (invoice.paid and customer.subscription.updated); declined (the card expired), the subscription ends and
 * with it Premium (invoice.payment_failed and customer.subscription.deleted). Each renewal is one transaction
 * with its events, on the subscription's row lock; its payment is keyed by the period, so it is charged once.
 */
@Injectable()
export class RenewLocalSubscriptionsUseCase {
  private readonly logger = new Logger('Payments');

  constructor(
    private readonly local: LocalPaymentStore,
    private readonly events: HandlePaymentEventUseCase,
    private readonly transactions: Transactions,
    private readonly outbox: EmailOutboxRelay,
    private readonly clock: Clock,
    private readonly metrics: PaymentMetrics,
  ) {}

  /** Renews what is due: how many renewals were paid and declined. */
  async execute(): Promise<{ renewed: number; declined: number }> {
    const counts = { renewed: 0, declined: 0 };
    for (const id of await this.local.dueForRenewal(this.clock.now(), RENEWALS_PER_SWEEP)) {
      try {
        const outcome = await this.renew(id);
        if (outcome) counts[outcome] += 1;
      } catch (error) {
        // One subscription's failure (its transaction rolled back) does not hold the others; the next sweep retries it.
        this.logger.error(`Local subscription ${id} could not be renewed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (counts.renewed + counts.declined > 0) await this.outbox.deliverPending();
    return counts;
  }

  private async renew(id: string): Promise<'renewed' | 'declined' | null> {
    const applied: PaymentEvent[] = [];
    const apply = (event: PaymentEvent) => {
      applied.push(event);
      return this.events.applyInTransaction(event);
    };
    const outcome = await this.transactions.run(async () => {
      const now = this.clock.now();
      const subscription = await this.local.lockSubscription(id);
      // Renewed, cancelled or ended meanwhile (another worker, the creator): nothing is due any more.
      const end = subscription?.currentPeriodEnd;
      if (!subscription || !end || end > now || subscription.cancelAtPeriodEnd || !['active', 'past_due'].includes(subscription.status)) return null;
      const created = Math.floor(now.getTime() / 1000);
      const intent = await this.local.createIntent({
        amount: MONTHLY_PRICE_CENTS,
        metadata: { subscriptionId: subscription.id, userId: subscription.userId },
        returnPath: null,
        now,
        key: `${subscription.id}-${Math.floor(end.getTime() / 1000)}`,
      });
      const next = { start: end, end: addOneMonth(end) };
      const charge = subscription.card ? chargeSavedCard(subscription.card, now) : null;
      if (charge?.kind === 'approved') {
        await this.local.setIntentStatus(intent.id, 'succeeded', null, now);
        const renewed = { ...subscription, currentPeriodStart: next.start, currentPeriodEnd: next.end, status: 'active' };
        await this.local.saveSubscription(renewed);
        await apply(localEvent('payment_intent.succeeded', created, localIntentObject(intent, 'succeeded')));
        await apply(localEvent('invoice.paid', created, localInvoiceObject(intent, renewed, next, true)));
        await apply(localEvent('customer.subscription.updated', created, localSubscriptionObject(renewed)));
        return 'renewed' as const;
      }
      const reason = charge?.kind === 'declined' ? charge.message : 'No card is saved for this subscription.';
      await this.local.setIntentStatus(intent.id, 'requires_payment_method', reason, now);
      const ended = { ...subscription, status: 'canceled' };
      await this.local.saveSubscription(ended);
      await apply(localEvent('invoice.payment_failed', created, localInvoiceObject(intent, ended, next, false)));
      await apply(localEvent('customer.subscription.deleted', created, localSubscriptionObject(ended)));
      this.logger.log(`Local subscription ${subscription.id} not renewed: ${reason}`);
      return 'declined' as const;
    });
    for (const event of applied) this.metrics.count('local', event);
    return outcome;
  }
}
