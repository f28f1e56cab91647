/**
 * A payment provider event, in Stripe's shape (the local provider emits the same shape), reduced to what
 * the product reads. `created` is unix seconds.
 */
export interface PaymentEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

export const HANDLED_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
] as const;

/** The event types the product reads (a metric's label values: any other type counts as `other`). */
export const KNOWN_EVENT_TYPES = [
  ...HANDLED_EVENTS,
  'charge.refunded',
  'refund.created',
  'refund.updated',
  'refund.failed',
] as const;
