import type { ProviderRefund } from './records.js';

/** Every kind of difference a reconciliation reports (a bounded set: they are metric labels). */
export const DIFFERENCE_KINDS = [
  'payment_missing_here',
  'payment_amount_differs',
  'payment_missing_at_provider',
  'premium_payment_unmatched',
  'earning_missing',
  'earning_differs',
  'reversal_differs',
  'refund_missing_here',
  'refund_status_differs',
  'refund_amount_differs',
  'refund_missing_at_provider',
] as const;

export type DifferenceKind = (typeof DIFFERENCE_KINDS)[number];

/** What each kind means, for the operators' report. */
export const DIFFERENCE_MEANINGS: Record<DifferenceKind, string> = {
  payment_missing_here: 'A payment succeeded at the provider, and no booking here is paid by it.',
  payment_amount_differs: 'A booking here is paid for another amount than the provider charged.',
  payment_missing_at_provider: 'A booking is paid here, and the provider has no succeeded payment for it.',
  premium_payment_unmatched: 'A Premium payment at the provider belongs to no subscription here.',
  earning_missing: "A paid booking has no earning in the creator's ledger.",
  earning_differs: "A paid booking's earning is not the creator's share of its price.",
  reversal_differs:
    'A booking refunded in full does not have its whole earning reversed, or one not refunded has a reversal.',
  refund_missing_here: 'A refund made at the provider is not recorded here.',
  refund_status_differs: 'A refund is recorded here with another status than the provider reports.',
  refund_amount_differs: 'A refund is recorded here with another amount than the provider refunded.',
  refund_missing_at_provider: 'A refund recorded here as succeeded is not at the provider.',
};

export interface Difference {
  kind: DifferenceKind;
  bookingId: string | null;
  intentId: string | null;
  /** The provider's refund id, for a difference about a refund the provider has. */
  providerRefundId: string | null;
  /** The amounts compared, in cents, when the difference is about an amount: ours and the provider's. */
  ours: number | null;
  theirs: number | null;
  /** A line for people: ids and amounts, never a customer's details. */
  detail: string;
  /** The provider's refund to apply as if its event had come (its webhook never arrived), else null. */
  apply: ProviderRefund | null;
}

/** Cents as people read them: $48.00, -$40.00. */
export const cents = (amount: number) => `${amount < 0 ? '-' : ''}$${(Math.abs(amount) / 100).toFixed(2)}`;

/** A refund's status as both sides can say it: done, on its way, or not made. */
export const settled = (status: string): 'succeeded' | 'pending' | 'failed' =>
  status === 'succeeded' ? 'succeeded' : status === 'failed' || status === 'canceled' ? 'failed' : 'pending';

/** A difference as the comparisons make it: its kind and detail, the rest when known. */
type New = Omit<Difference, 'bookingId' | 'intentId' | 'providerRefundId' | 'ours' | 'theirs' | 'apply'> &
  Partial<Difference>;
export const difference = (d: New): Difference => ({
  bookingId: null,
  intentId: null,
  providerRefundId: null,
  ours: null,
  theirs: null,
  apply: null,
  ...d,
});
