import { randomBytes } from 'node:crypto';
import type { PaymentEvent } from '../domain/payment-event.js';
import type { LocalIntent, LocalSubscription } from './ports/local-payment.store.js';

/*
 * The events the local test provider emits, in Stripe's shapes, so that they go through the same use case as
 * Stripe's webhooks (HandlePaymentEventUseCase).
 */

export const localEvent = (type: string, created: number, object: Record<string, unknown>): PaymentEvent => ({
  id: `evt_local_${randomBytes(12).toString('hex')}`,
  type,
  created,
  data: { object },
});

export function localIntentObject(intent: LocalIntent, status: string): Record<string, unknown> {
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

const unix = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

/** The subscription's invoice for a period, paid or not, as Stripe's invoice.paid / invoice.payment_failed carry it. */
export function localInvoiceObject(
  intent: LocalIntent,
  subscription: LocalSubscription,
  period: { start: Date; end: Date },
  paid: boolean,
  billingReason: 'subscription_create' | 'subscription_cycle' = 'subscription_cycle',
) {
  // The payment as Stripe answers it expanded (payments.data.payment.payment_intent.latest_charge): the card charged.
  const charge = subscription.card ? { payment_method_details: { type: 'card', card: { last4: subscription.card.last4 } } } : null;
  return {
    id: `in_local_${intent.id.slice('pi_local_'.length)}`,
    object: 'invoice',
    customer: subscription.customerId,
    amount_paid: paid ? intent.amount : 0,
    amount_due: intent.amount,
    currency: intent.currency,
    status: paid ? 'paid' : 'open',
    parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: { userId: subscription.userId } } },
    billing_reason: billingReason,
    // The local provider does not try a declined renewal again: the subscription ends.
    next_payment_attempt: null,
    lines: { data: [{ period: { start: unix(period.start), end: unix(period.end) } }] },
    payments: { data: [{ payment: { type: 'payment_intent', payment_intent: { id: intent.id, latest_charge: charge } } }] },
  };
}

/** A local subscription in Stripe's subscription shape (period on the items, as in current API versions). */
export function localSubscriptionObject(s: LocalSubscription): Record<string, unknown> {
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
