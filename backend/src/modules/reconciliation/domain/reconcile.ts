import type { BookingRecord, OurRecords, ProviderPayment, ProviderRecords, ProviderRefund, RefundRecord } from './records.js';

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
  reversal_differs: "A booking refunded in full does not have its whole earning reversed, or one not refunded has a reversal.",
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

const cents = (amount: number) => `${amount < 0 ? '-' : ''}$${(Math.abs(amount) / 100).toFixed(2)}`;

/** A refund's status as both sides can say it: done, on its way, or not made. */
const settled = (status: string): 'succeeded' | 'pending' | 'failed' =>
  status === 'succeeded' ? 'succeeded' : status === 'failed' || status === 'canceled' ? 'failed' : 'pending';

type New = Omit<Difference, 'bookingId' | 'intentId' | 'providerRefundId' | 'ours' | 'theirs' | 'apply'> & Partial<Difference>;
const difference = (d: New): Difference => ({
  bookingId: null,
  intentId: null,
  providerRefundId: null,
  ours: null,
  theirs: null,
  apply: null,
  ...d,
});

/**
 * Compares our records with the provider's and returns every difference, in a stable order. Pure: the
 * caller gathers both sides (a day's records, and on each side the records of every payment the other side
 * names). Amounts refunded come from the refunds, never from a booking's status.
 */
export function reconcile(ours: OurRecords, theirs: ProviderRecords): Difference[] {
  const bookingsByIntent = new Map(ours.bookings.filter((b) => b.intentId).map((b) => [b.intentId!, b]));
  const paymentsByIntent = new Map(theirs.payments.map((p) => [p.intentId, p]));
  const differences = [
    ...theirs.payments.flatMap((payment) => paymentDifferences(payment, bookingsByIntent.get(payment.intentId), ours)),
    ...ours.bookings.flatMap((booking) => bookingDifferences(booking, booking.intentId ? paymentsByIntent.get(booking.intentId) : undefined, ours.refunds)),
    ...refundDifferences(ours, theirs, bookingsByIntent),
  ];
  const order = (d: Difference) => DIFFERENCE_KINDS.indexOf(d.kind);
  return differences.sort((a, b) => order(a) - order(b) || (a.intentId ?? '').localeCompare(b.intentId ?? '') || (a.providerRefundId ?? '').localeCompare(b.providerRefundId ?? ''));
}

/** A payment the provider took: a booking here paid by it, for the same amount, or a Premium subscription's. */
function paymentDifferences(payment: ProviderPayment, booking: BookingRecord | undefined, ours: OurRecords): Difference[] {
  const at = { intentId: payment.intentId, theirs: payment.amount };
  if (booking) {
    if (!booking.paidAt) {
      return [difference({ kind: 'payment_missing_here', ...at, bookingId: booking.id, detail: `${payment.intentId}: ${cents(payment.amount)} taken, booking ${booking.id} is ${booking.status}` })];
    }
    if (booking.amount !== payment.amount) {
      return [difference({ kind: 'payment_amount_differs', ...at, bookingId: booking.id, ours: booking.amount, detail: `${payment.intentId}: ${cents(payment.amount)} taken, booking ${booking.id} paid ${cents(booking.amount)}` })];
    }
    return [];
  }
  if (payment.bookingId) {
    return [difference({ kind: 'payment_missing_here', ...at, bookingId: payment.bookingId, detail: `${payment.intentId}: ${cents(payment.amount)} taken for booking ${payment.bookingId}, which no booking here is paid by` })];
  }
  if (payment.subscriptionId) {
    if (ours.subscriptions.some((s) => s.id === payment.subscriptionId)) return [];
    return [difference({ kind: 'premium_payment_unmatched', ...at, detail: `${payment.intentId}: ${cents(payment.amount)} taken for subscription ${payment.subscriptionId}, unknown here` })];
  }
  if (payment.customerId) {
    // Booking payments name no customer: a customer's payment is Premium's, of that creator's subscription.
    if (ours.subscriptions.some((s) => s.customerId === payment.customerId)) return [];
    return [difference({ kind: 'premium_payment_unmatched', ...at, detail: `${payment.intentId}: ${cents(payment.amount)} taken from customer ${payment.customerId}, of no subscription here` })];
  }
  return [difference({ kind: 'payment_missing_here', ...at, detail: `${payment.intentId}: ${cents(payment.amount)} taken, for no booking or subscription here` })];
}

/** A booking paid here: its payment at the provider, its earning, and its reversal against the refunds made. */
function bookingDifferences(booking: BookingRecord, payment: ProviderPayment | undefined, refunds: RefundRecord[]): Difference[] {
  if (!booking.paidAt) return [];
  const found: Difference[] = [];
  const at = { bookingId: booking.id, intentId: booking.intentId };
  if (!payment) {
    found.push(difference({ kind: 'payment_missing_at_provider', ...at, ours: booking.amount, detail: `booking ${booking.id} paid ${cents(booking.amount)} by ${booking.intentId ?? 'no payment'}, which the provider has not taken` }));
  }
  const own = refunds.filter((r) => r.bookingId === booking.id);
  // A late payment for a time someone else took credits nothing: no earning is expected.
  const earningExpected = !own.some((r) => r.reason === 'time_taken');
  if (earningExpected && booking.earning === null) {
    found.push(difference({ kind: 'earning_missing', ...at, ours: null, theirs: booking.userAmount, detail: `booking ${booking.id}: no earning, the creator's share is ${cents(booking.userAmount)}` }));
  } else if (booking.earning !== null && booking.earning !== booking.userAmount) {
    found.push(difference({ kind: 'earning_differs', ...at, ours: booking.earning, theirs: booking.userAmount, detail: `booking ${booking.id}: earning ${cents(booking.earning)}, the creator's share is ${cents(booking.userAmount)}` }));
  }
  const refunded = own.filter((r) => r.status === 'succeeded').reduce((sum, r) => sum + r.amount, 0);
  const earning = booking.earning ?? 0;
  const expected = refunded >= booking.amount ? -earning : refunded === 0 && booking.status === 'paid' ? 0 : null; // partial: billing's rule
  if (expected !== null && booking.reversal !== expected) {
    found.push(difference({ kind: 'reversal_differs', ...at, ours: booking.reversal, theirs: expected, detail: `booking ${booking.id}: ${cents(refunded)} refunded, reversal ${cents(booking.reversal)}, expected ${cents(expected)}` }));
  }
  return found;
}

/**
 * The refunds of each payment, paired: first by the provider's refund id, then (a refund either side holds
 * without the other's id) by order, same amounts first. Paired refunds must agree in status and amount; a
 * provider refund with no pair is missing here (applied), one of ours succeeded with no pair is missing there.
 */
function refundDifferences(ours: OurRecords, theirs: ProviderRecords, bookingsByIntent: Map<string, BookingRecord>): Difference[] {
  const intentOfCharge = new Map(theirs.payments.filter((p) => p.chargeId).map((p) => [p.chargeId!, p.intentId]));
  const intentOf = (r: ProviderRefund) => r.intentId ?? (r.chargeId ? (intentOfCharge.get(r.chargeId) ?? r.chargeId) : 'unknown');
  const intents = new Set([...theirs.refunds.map(intentOf), ...ours.refunds.map((r) => r.intentId ?? `booking:${r.bookingId}`)]);
  const found: Difference[] = [];
  for (const intent of intents) {
    const booking = bookingsByIntent.get(intent);
    const providers = theirs.refunds.filter((r) => intentOf(r) === intent).sort((a, b) => a.at.getTime() - b.at.getTime());
    const own = ours.refunds.filter((r) => (r.intentId ?? `booking:${r.bookingId}`) === intent);
    const pairs: Array<[ProviderRefund, RefundRecord]> = [];
    const leftProvider: ProviderRefund[] = [];
    for (const provider of providers) {
      const index = provider.id === null ? -1 : own.findIndex((r) => r.providerRefundId === provider.id);
      if (index >= 0) pairs.push([provider, own.splice(index, 1)[0]!]);
      else leftProvider.push(provider);
    }
    // Left over, a refund either side holds without the other's id pairs with one on the same payment.
    const pairable = (r: RefundRecord, p: ProviderRefund) => p.id === null || r.providerRefundId === null;
    for (const provider of [...leftProvider]) {
      const index = [own.findIndex((r) => pairable(r, provider) && r.amount === provider.amount), own.findIndex((r) => pairable(r, provider))].find((i) => i >= 0);
      if (index === undefined) continue;
      pairs.push([provider, own.splice(index, 1)[0]!]);
      leftProvider.splice(leftProvider.indexOf(provider), 1);
    }
    const at = (p: ProviderRefund | null, r: RefundRecord | null) => ({
      bookingId: r?.bookingId ?? booking?.id ?? null,
      intentId: intent.startsWith('booking:') ? null : intent,
      providerRefundId: p?.id ?? r?.providerRefundId ?? null,
    });
    for (const [provider, record] of pairs) {
      const theirStatus = settled(provider.status);
      const ourStatus = settled(record.status);
      if (theirStatus !== ourStatus) {
        found.push(difference({
          kind: 'refund_status_differs',
          ...at(provider, record),
          ours: record.amount,
          theirs: provider.amount,
          detail: `${provider.id ?? intent}: ${provider.status} at the provider, ${record.status} here (refund ${record.id})`,
          // The provider's final word is applied as its event would be; a refund still on its way there waits.
          apply: theirStatus === 'pending' ? null : provider,
        }));
      }
      if (provider.amount !== record.amount) {
        found.push(difference({ kind: 'refund_amount_differs', ...at(provider, record), ours: record.amount, theirs: provider.amount, detail: `${provider.id ?? intent}: ${cents(provider.amount)} at the provider, ${cents(record.amount)} here (refund ${record.id})` }));
      }
    }
    for (const provider of leftProvider) {
      if (settled(provider.status) === 'failed') continue; // no money moved
      found.push(difference({
        kind: 'refund_missing_here',
        ...at(provider, null),
        theirs: provider.amount,
        detail: `${provider.id ?? intent}: ${cents(provider.amount)} ${provider.status} at the provider on ${intent}, not recorded here`,
        apply: provider,
      }));
    }
    for (const record of own) {
      if (record.status !== 'succeeded') continue; // not made yet: billing's sweep is on it
      found.push(difference({ kind: 'refund_missing_at_provider', ...at(null, record), ours: record.amount, detail: `refund ${record.id} of booking ${record.bookingId}: ${cents(record.amount)} succeeded here${record.providerRefundId ? ` as ${record.providerRefundId}` : ''}, not at the provider` }));
    }
  }
  return found;
}
