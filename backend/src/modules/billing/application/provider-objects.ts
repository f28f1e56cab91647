import type { SubscriptionSnapshot } from '../domain/subscription.js';
import { type Obj, asObj, asString, asInt, fromUnix, idOf } from './provider-fields.js';

/**
 * Readers of the provider objects events carry (Stripe's shapes; the local provider emits the same). They
 * take `unknown` fields defensively: a webhook body is outside input even once its signature checks out.
 */

export interface IntentFacts {
  id: string;
  amount: number;
  currency: string;
  bookingId: string | null;
  /** A product order's or a tip's payment (metadata orderId). */
  orderId: string | null;
}

export function intentFacts(object: Obj): IntentFacts | null {
  const id = asString(object.id);
  const amount = asInt(object.amount_received) ?? asInt(object.amount);
  if (!id || amount === null) return null;
  return {
    id,
    amount: asInt(object.amount) ?? amount,
    currency: asString(object.currency) ?? 'usd',
    bookingId: asString(asObj(object.metadata).bookingId),
    orderId: asString(asObj(object.metadata).orderId),
  };
}

export interface SubscriptionFacts {
  id: string;
  customerId: string | null;
  userId: string | null;
  snapshot: SubscriptionSnapshot;
}

export function subscriptionFacts(object: Obj): SubscriptionFacts | null {
  const id = asString(object.id);
  const status = asString(object.status);
  if (!id || !status) return null;
  const firstItem = asObj((asObj(object.items).data as unknown[] | undefined)?.[0]);
  // Since API 2025-03-31 the period lives on the subscription's items; older versions had it on the subscription.
  const periodEnd = fromUnix(firstItem.current_period_end) ?? fromUnix(object.current_period_end);
  return {
    id,
    customerId: idOf(object.customer),
    userId: asString(asObj(object.metadata).userId),
    snapshot: { status, currentPeriodEnd: periodEnd, cancelAtPeriodEnd: object.cancel_at_period_end === true },
  };
}

export interface InvoiceFacts {
  subscriptionId: string;
  periodEnd: Date | null;
}

export function invoiceFacts(object: Obj): InvoiceFacts | null {
  const parent = asObj(asObj(object.parent).subscription_details);
  const subscriptionId = idOf(parent.subscription) ?? idOf(object.subscription);
  if (!subscriptionId) return null;
  const firstLine = asObj((asObj(object.lines).data as unknown[] | undefined)?.[0]);
  return { subscriptionId, periodEnd: fromUnix(asObj(firstLine.period).end) };
}

export interface RefundFacts {
  refundId: string;
  intentId: string;
  amount: number;
  currency: string;
  status: 'succeeded' | 'pending' | 'failed';
}

export interface ChargeRefundFacts {
  intentId: string;
  currency: string;
  /** How much of the charge is refunded so far, all refunds together. */
  amountRefunded: number;
  /** The charge's refunds when the event lists them (Stripe's refunds.data); null when it does not. */
  refunds: RefundFacts[] | null;
}

const refundStatus = (status: string): RefundFacts['status'] =>
  status === 'succeeded' ? 'succeeded' : status === 'failed' || status === 'canceled' ? 'failed' : 'pending';

/** charge.refunded: the charge's payment, how much of it is refunded so far, and its refunds when listed. */
export function chargeRefundFacts(object: Obj): ChargeRefundFacts | null {
  const intentId = idOf(object.payment_intent);
  const amountRefunded = asInt(object.amount_refunded);
  const currency = (asString(object.currency) ?? 'usd').toLowerCase();
  if (!intentId || amountRefunded === null || amountRefunded < 0) return null;
  const listed = asObj(object.refunds).data;
  if (!Array.isArray(listed)) return { intentId, currency, amountRefunded, refunds: null };
  const refunds: RefundFacts[] = [];
  for (const item of listed) {
    const refund = refundFacts({ payment_intent: intentId, currency, ...asObj(item) });
    if (!refund) return null;
    refunds.push(refund);
  }
  return { intentId, currency, amountRefunded, refunds };
}

/** refund.created / refund.updated / refund.failed: one refund and how it stands. */
export function refundFacts(object: Obj): RefundFacts | null {
  const refundId = asString(object.id);
  const intentId = idOf(object.payment_intent);
  const amount = asInt(object.amount);
  const status = asString(object.status);
  if (!refundId || !intentId || amount === null || amount <= 0 || !status) return null;
  return {
    refundId,
    intentId,
    amount,
    currency: (asString(object.currency) ?? 'usd').toLowerCase(),
    status: refundStatus(status),
  };
}
