/*
 * The two sides a reconciliation compares, reduced to what it reads. Money in integer cents. A payment is
 * keyed by its payment intent (Stripe's PaymentIntent id, or the local provider's `pi_local_…`), a refund by
 * the provider's refund id.
 */

/** Money the provider took: one succeeded charge of a payment intent (a booking's or a Premium charge). */
export interface ProviderPayment {
  intentId: string;
  chargeId: string | null;
  /** What was charged, in cents. */
  amount: number;
  currency: string;
  at: Date;
  /** What the payment says it pays for, when its record says it (metadata); else null. */
  bookingId: string | null;
  subscriptionId: string | null;
  /** The provider's customer charged (Premium's are the creators'), when known. */
  customerId: string | null;
}

export type ProviderRefundStatus = 'succeeded' | 'pending' | 'failed' | 'canceled';

/** A refund as the provider holds it. */
export interface ProviderRefund {
  /**
   * The provider's refund id. Null when the provider keeps no id of its own (the local provider marks the
   * payment refunded): such a refund pairs with any of ours on the same payment.
   */
  id: string | null;
  intentId: string | null;
  chargeId: string | null;
  amount: number;
  currency: string;
  status: ProviderRefundStatus;
  at: Date;
  metadata: Record<string, string>;
}

export interface ProviderRecords {
  payments: ProviderPayment[];
  refunds: ProviderRefund[];
}

/** A booking here: its payment, state, and its creator's ledger entries for it. */
export interface BookingRecord {
  id: string;
  intentId: string | null;
  /** What the visitor paid (the creator's share plus the platform's fee), in cents. */
  amount: number;
  /** The creator's share: what the earning credits. */
  userAmount: number;
  status: string;
  /** Set once the booking was paid (whatever happened after). */
  paidAt: Date | null;
  /** The earning entries' sum; null when the ledger has none. */
  earning: number | null;
  /** The reversal entries' sum (zero or negative). */
  reversal: number;
}

/** A refund recorded here (billing's refunds table). */
export interface RefundRecord {
  id: string;
  bookingId: string;
  intentId: string | null;
  amount: number;
  /** requested | pending | succeeded | failed (billing's statuses). */
  status: string;
  /** Why: a late payment for a time taken credits no earning, so none is expected. */
  reason: string;
  providerRefundId: string | null;
}

/** A Premium subscription here, with the provider customer of its creator when one is stored. */
export interface SubscriptionRecord {
  id: string;
  userId: string;
  status: string;
  customerId: string | null;
}

export interface OurRecords {
  bookings: BookingRecord[];
  refunds: RefundRecord[];
  subscriptions: SubscriptionRecord[];
}

export const emptyOurs = (): OurRecords => ({ bookings: [], refunds: [], subscriptions: [] });
export const emptyTheirs = (): ProviderRecords => ({ payments: [], refunds: [] });

const unionBy = <T>(key: (item: T) => string, ...lists: T[][]): T[] => [
  ...new Map(lists.flat().map((item) => [key(item), item])).values(),
];

/** Both sets of records as one, each record once (a later set's copy wins). */
export function mergeOurs(a: OurRecords, b: OurRecords): OurRecords {
  return {
    bookings: unionBy((x) => x.id, a.bookings, b.bookings),
    refunds: unionBy((x) => x.id, a.refunds, b.refunds),
    subscriptions: unionBy((x) => x.id, a.subscriptions, b.subscriptions),
  };
}

/** Both sets of provider records as one: payments once per intent, refunds once per id. */
export function mergeTheirs(a: ProviderRecords, b: ProviderRecords): ProviderRecords {
  return {
    payments: unionBy((x) => x.intentId, a.payments, b.payments),
    refunds: unionBy((x) => x.id ?? `${x.intentId}:${x.amount}:${x.at.getTime()}`, a.refunds, b.refunds),
  };
}
