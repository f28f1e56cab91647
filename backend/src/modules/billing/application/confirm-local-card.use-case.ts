import { Injectable } from '@nestjs/common';
import { PaymentMessages, type LocalCardConfirmRequest } from '@linkbio/shared-contracts';
import { randomBytes } from 'node:crypto';
import { Clock } from '../../../shared/clock.js';
import { invalid, notFound } from '../../../shared/domain-error.js';
import { EmailOutboxRelay } from '../../../shared/email/email-outbox.relay.js';
import type { PaymentEvent } from '../domain/payment-event.js';
import { addOneMonth } from '../domain/subscription.js';
import { chargeTestCard } from '../domain/test-cards.js';
import { HandlePaymentEventUseCase } from './handle-payment-event.use-case.js';
import { LocalPaymentStore, type LocalIntent } from './ports/local-payment.store.js';
import { PaymentMetrics } from './payment-metrics.js';
import { PaymentGateway } from './ports/payment-gateway.js';
import { Transactions } from '../../../shared/transactions.js';

export type LocalConfirmOutcome = { status: 'succeeded'; returnUrl: string | null } | { status: 'declined'; message: string };

const eventId = () => `evt_local_${randomBytes(12).toString('hex')}`;

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
      const created = Math.floor(now.getTime() / 1000);
      if (card.kind === 'declined') {
        await this.local.setIntentStatus(intent.id, 'requires_payment_method', card.message, now);
        await apply(
          this.event('payment_intent.payment_failed', created, {
            ...this.intentObject(intent, 'requires_payment_method'),
            last_payment_error: { type: 'card_error', code: card.code, message: card.message },
          }),
        );
        return { status: 'declined', message: card.message };
      }
      await this.local.setIntentStatus(intent.id, 'succeeded', null, now);
      await apply(this.event('payment_intent.succeeded', created, this.intentObject(intent, 'succeeded')));
      const subscriptionId = intent.metadata.subscriptionId;
      if (subscriptionId) await this.activateSubscription(subscriptionId, intent, created, apply);
      return { status: 'succeeded', returnUrl: intent.returnPath };
    });
    for (const event of applied) this.metrics.count('local', event);
    await this.outbox.deliverPending();
    return outcome;
  }

  private async activateSubscription(
    id: string,
    intent: LocalIntent,
    created: number,
    apply: (event: PaymentEvent) => Promise<unknown>,
  ): Promise<void> {
    const subscription = await this.local.lockSubscription(id);
    if (!subscription) return;
    // Whole seconds, as providers' periods are (unix timestamps).
    const start = new Date(created * 1000);
    const periodEnd = addOneMonth(start);
    const active = { ...subscription, status: 'active', currentPeriodStart: start, currentPeriodEnd: periodEnd, cancelAtPeriodEnd: false };
    await this.local.saveSubscription(active);
    const period = { start: created, end: Math.floor(periodEnd.getTime() / 1000) };
    await apply(
      this.event('invoice.paid', created, {
        id: `in_local_${intent.id.slice('pi_local_'.length)}`,
        object: 'invoice',
        customer: subscription.customerId,
        amount_paid: intent.amount,
        currency: intent.currency,
        status: 'paid',
        parent: { type: 'subscription_details', subscription_details: { subscription: id, metadata: { userId: subscription.userId } } },
        lines: { data: [{ period }] },
      }),
    );
    await apply(this.event('customer.subscription.updated', created, localSubscriptionObject(active)));
  }

  private intentObject(intent: LocalIntent, status: string): Record<string, unknown> {
    return {
      id: intent.id,
      object: 'payment_intent',
      amount: intent.amount,
      amount_received: status === 'succeeded' ? intent.amount : 0,
      currency: intent.currency,
      status,
      metadata: intent.metadata,
    };
  }

  private event(type: string, created: number, object: Record<string, unknown>): PaymentEvent {
    return { id: eventId(), type, created, data: { object } };
  }
}

/** A local subscription in Stripe's subscription shape (period on the items, as in current API versions). */
export function localSubscriptionObject(s: {
  id: string;
  customerId: string;
  userId: string;
  status: string;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}): Record<string, unknown> {
  const unix = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);
  return {
    id: s.id,
    object: 'subscription',
    customer: s.customerId,
    status: s.status,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    metadata: { userId: s.userId },
    items: { data: [{ current_period_start: unix(s.currentPeriodStart), current_period_end: unix(s.currentPeriodEnd) }] },
  };
}
