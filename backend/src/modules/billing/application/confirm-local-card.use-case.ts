import { Injectable } from '@nestjs/common';
import { PaymentMessages, PremiumMessages, type LocalCardConfirmRequest } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { conflict, invalid, notFound } from '../../../shared/domain-error.js';
import { EmailOutboxRelay } from '../../../shared/email/email-outbox.relay.js';
import type { PaymentEvent } from '../domain/payment-event.js';
import { addOneMonth } from '../domain/subscription.js';
import { chargeTestCard, savedCardOf, type SavedCard } from '../domain/test-cards.js';
import { HandlePaymentEventUseCase } from './handle-payment-event.use-case.js';
import { localEvent, localIntentObject, localInvoiceObject, localSubscriptionObject } from './local-provider-events.js';
import { LocalPaymentStore, type LocalIntent } from './ports/local-payment.store.js';
import { PaymentMetrics } from './payment-metrics.js';
import { PaymentGateway } from './ports/payment-gateway.js';
import { OrderSweepService } from './order-sweep.service.js';
import { Transactions } from '../../../shared/transactions.js';

export type LocalConfirmOutcome = { status: 'succeeded'; returnUrl: string | null } | { status: 'declined'; message: string };

/**
 * The local test provider's card confirmation (what Stripe.js + Stripe do for Stripe). The intent's new state
 * and the events it emits are applied in ONE transaction, through the same event use case as Stripe's
 * webhooks, so a confirmed payment can never be left without its booking or subscription effect.
 */
@Injectable()
export class ConfirmLocalCardUseCase {
  constructor(
    private readonly gateway: PaymentGateway,
    private readonly local: LocalPaymentStore,
    private readonly events: HandlePaymentEventUseCase,
    private readonly transactions: Transactions,
    private readonly outbox: EmailOutboxRelay,
    private readonly clock: Clock,
    private readonly metrics: PaymentMetrics,
    private readonly orderSweep: OrderSweepService,
  ) {}

  async execute(request: LocalCardConfirmRequest): Promise<LocalConfirmOutcome> {
    if (this.gateway.provider !== 'local') throw notFound(PaymentMessages.paymentNotFound);
    const now = this.clock.now();
    const card = chargeTestCard(request, now);
    if (card.kind === 'invalid') throw invalid(card.message);
    // The events applied, counted in the metrics once their transaction has committed.
    const applied: PaymentEvent[] = [];
    const apply = (event: PaymentEvent) => {
      applied.push(event);
      return this.events.applyInTransaction(event);
    };
    const outcome = await this.transactions.run(async (): Promise<LocalConfirmOutcome> => {
      const intent = await this.local.lockIntentBySecret(request.clientSecret);
      if (!intent) throw notFound(PaymentMessages.paymentNotFound);
      if (intent.status === 'succeeded') throw invalid(PaymentMessages.paymentAlreadyCompleted);
      // A subscription's first payment is payable only while the subscription waits for it: one ended (its
      // 23 hours over and replaced by a new one, or cancelled) cannot be brought back by paying, as with Stripe.
      const subscriptionId = intent.metadata.subscriptionId;
      if (subscriptionId) {
        const subscription = await this.local.lockSubscription(subscriptionId);
        if (subscription && subscription.status !== 'incomplete') throw conflict(PremiumMessages.subscriptionPaymentEnded);
      }
      const created = Math.floor(now.getTime() / 1000);
      if (card.kind === 'declined') {
        await this.local.setIntentStatus(intent.id, 'requires_payment_method', card.message, now);
        await apply(
          localEvent('payment_intent.payment_failed', created, {
            ...localIntentObject(intent, 'requires_payment_method'),
            last_payment_error: { type: 'card_error', code: card.code, message: card.message },
          }),
        );
        return { status: 'declined', message: card.message };
      }
      await this.local.setIntentStatus(intent.id, 'succeeded', null, now);
      await apply(localEvent('payment_intent.succeeded', created, localIntentObject(intent, 'succeeded')));
      if (subscriptionId) await this.activateSubscription(subscriptionId, intent, savedCardOf(request), created, apply);
      return { status: 'succeeded', returnUrl: intent.returnPath };
    });
    for (const event of applied) this.metrics.count('local', event);
    await this.outbox.deliverPending();
    if (outcome.status === 'succeeded') await this.orderSweep.afterPayment();
    return outcome;
  }

  /** The first invoice is paid: the subscription starts its first month, the card is kept for renewals. */
  private async activateSubscription(
    id: string,
    intent: LocalIntent,
    card: SavedCard,
    created: number,
    apply: (event: PaymentEvent) => Promise<unknown>,
  ): Promise<void> {
    const subscription = await this.local.lockSubscription(id);
    if (!subscription) return;
    // Whole seconds, as providers' periods are (unix timestamps).
    const start = new Date(created * 1000);
    const active = { ...subscription, status: 'active', currentPeriodStart: start, currentPeriodEnd: addOneMonth(start), cancelAtPeriodEnd: false, card };
    await this.local.saveSubscription(active);
    await apply(localEvent('invoice.paid', created, localInvoiceObject(intent, active, { start, end: active.currentPeriodEnd }, true, 'subscription_create')));
    await apply(localEvent('customer.subscription.updated', created, localSubscriptionObject(active)));
  }
}
