/**
 * Why a provider event was not applied: a short code from a fixed set (a metric label, a column) and a sentence
 * an operator reads. Every event the product cannot match or apply ends as one of these, stored, logged and
 * counted (HandlePaymentEventUseCase); none is dropped in silence.
 */
export const UNAPPLIED_REASONS = [
  'unknown_type',
  'malformed',
  'unknown_payment',
  'unknown_booking',
  'unknown_subscription',
  'handled_elsewhere',
  'currency_mismatch',
  'amount_mismatch',
  'exceeds_payment',
  'not_paid',
  'stale',
  'not_applicable',
] as const;
export type UnappliedReason = (typeof UNAPPLIED_REASONS)[number];

export interface Unapplied {
  reason: UnappliedReason;
  /** A sentence for operators: what the event said and why nothing changed. No tokens, no e-mail addresses. */
  detail: string;
  /** The provider object the event is about (a payment intent, refund, subscription id), when it has one. */
  objectId: string | null;
}

export const unapplied = (reason: UnappliedReason, detail: string, objectId: string | null = null): Unapplied => ({ reason, detail, objectId });

export const isUnapplied = (value: unknown): value is Unapplied => typeof value === 'object' && value !== null && 'reason' in value;
