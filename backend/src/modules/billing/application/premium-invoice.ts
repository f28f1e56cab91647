import { type Obj, asObj, asString, asInt, fromUnix, idOf } from './provider-fields.js';

/**
 * Reads what a Premium charge's invoice says (Stripe's invoice shape; the local provider emits the same), as
 * invoice.paid and invoice.payment_failed carry it. Defensive: a webhook body is outside input.
 */
const first = (list: unknown): Obj => asObj((asObj(list).data as unknown[] | undefined)?.[0]);

export interface PremiumInvoiceFacts {
  invoiceId: string;
  subscriptionId: string;
  /** What was paid (invoice.paid) or asked (invoice.payment_failed), in cents. */
  amountCents: number;
  currency: string;
  periodStart: Date | null;
  periodEnd: Date | null;
  /** subscription_create (the first payment), subscription_cycle (a renewal), …; null when not told. */
  billingReason: string | null;
  /** When the provider tries a declined payment again; null when it will not. */
  nextPaymentAttempt: Date | null;
  /** The card's last four digits, when the invoice carries its payment expanded. */
  cardLast4: string | null;
}

/**
 * The card's last four digits from an invoice whose payment is expanded:
 * payments.data[0].payment.payment_intent.latest_charge.payment_method_details.card.last4 (or the intent's
 * payment_method.card.last4).
 */
export function invoiceCardLast4(invoice: Obj): string | null {
  const intent = asObj(asObj(first(invoice.payments).payment).payment_intent);
  const last4 =
    asString(asObj(asObj(asObj(intent.latest_charge).payment_method_details).card).last4) ??
    asString(asObj(asObj(intent.payment_method).card).last4);
  return last4 && /^\d{4}$/.test(last4) ? last4 : null;
}

export function premiumInvoiceFacts(invoice: Obj, paid: boolean): PremiumInvoiceFacts | null {
  const invoiceId = asString(invoice.id);
  const parent = asObj(asObj(invoice.parent).subscription_details);
  const subscriptionId = idOf(parent.subscription) ?? idOf(invoice.subscription);
  const amountCents = paid
    ? asInt(invoice.amount_paid)
    : (asInt(invoice.amount_due) ?? asInt(invoice.amount_remaining));
  if (!invoiceId || !subscriptionId || amountCents === null || amountCents < 0) return null;
  const period = asObj(first(invoice.lines).period);
  return {
    invoiceId,
    subscriptionId,
    amountCents,
    currency: (asString(invoice.currency) ?? 'usd').slice(0, 3),
    periodStart: fromUnix(period.start),
    periodEnd: fromUnix(period.end),
    billingReason: asString(invoice.billing_reason),
    nextPaymentAttempt: fromUnix(invoice.next_payment_attempt),
    cardLast4: invoiceCardLast4(invoice),
  };
}
