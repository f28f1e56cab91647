import { cents, difference, DIFFERENCE_KINDS, type Difference } from './difference.js';
import type { BookingRecord, OurRecords, ProviderPayment, ProviderRecords, RefundRecord } from './records.js';
import { refundDifferences } from './refund-differences.js';

export { DIFFERENCE_KINDS, DIFFERENCE_MEANINGS, type Difference, type DifferenceKind } from './difference.js';

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
    ...ours.bookings.flatMap((booking) =>
      bookingDifferences(booking, booking.intentId ? paymentsByIntent.get(booking.intentId) : undefined, ours.refunds),
    ),
    ...refundDifferences(ours, theirs, bookingsByIntent),
  ];
  const order = (d: Difference) => DIFFERENCE_KINDS.indexOf(d.kind);
  return differences.sort(
    (a, b) =>
      order(a) - order(b) ||
      (a.intentId ?? '').localeCompare(b.intentId ?? '') ||
      (a.providerRefundId ?? '').localeCompare(b.providerRefundId ?? ''),
  );
}

/** A payment the provider took: a booking here paid by it, for the same amount, or a Premium subscription's. */
function paymentDifferences(
  payment: ProviderPayment,
  booking: BookingRecord | undefined,
  ours: OurRecords,
): Difference[] {
  const at = { intentId: payment.intentId, theirs: payment.amount };
  if (booking) {
    if (!booking.paidAt) {
      return [
        difference({
          kind: 'payment_missing_here',
          ...at,
          bookingId: booking.id,
          detail: `${payment.intentId}: ${cents(payment.amount)} taken, booking ${booking.id} is ${booking.status}`,
        }),
      ];
    }
    if (booking.amount !== payment.amount) {
      return [
        difference({
          kind: 'payment_amount_differs',
          ...at,
          bookingId: booking.id,
          ours: booking.amount,
          detail: `${payment.intentId}: ${cents(payment.amount)} taken, booking ${booking.id} paid ${cents(booking.amount)}`,
        }),
      ];
    }
    return [];
  }
  if (payment.bookingId) {
    return [
      difference({
        kind: 'payment_missing_here',
        ...at,
        bookingId: payment.bookingId,
        detail: `${payment.intentId}: ${cents(payment.amount)} taken for booking ${payment.bookingId}, which no booking here is paid by`,
      }),
    ];
  }
  if (payment.subscriptionId) {
    if (ours.subscriptions.some((s) => s.id === payment.subscriptionId)) return [];
    return [
      difference({
        kind: 'premium_payment_unmatched',
        ...at,
        detail: `${payment.intentId}: ${cents(payment.amount)} taken for subscription ${payment.subscriptionId}, unknown here`,
      }),
    ];
  }
  if (payment.customerId) {
    // Booking payments name no customer: a customer's payment is Premium's, of that creator's subscription.
    if (ours.subscriptions.some((s) => s.customerId === payment.customerId)) return [];
    return [
      difference({
        kind: 'premium_payment_unmatched',
        ...at,
        detail: `${payment.intentId}: ${cents(payment.amount)} taken from customer ${payment.customerId}, of no subscription here`,
      }),
    ];
  }
  return [
    difference({
      kind: 'payment_missing_here',
      ...at,
      detail: `${payment.intentId}: ${cents(payment.amount)} taken, for no booking or subscription here`,
    }),
  ];
}

/** A booking paid here: its payment at the provider, its earning, and its reversal against the refunds made. */
function bookingDifferences(
  booking: BookingRecord,
  payment: ProviderPayment | undefined,
  refunds: RefundRecord[],
): Difference[] {
  if (!booking.paidAt) return [];
  const found: Difference[] = [];
  const at = { bookingId: booking.id, intentId: booking.intentId };
  if (!payment) {
    found.push(
      difference({
        kind: 'payment_missing_at_provider',
        ...at,
        ours: booking.amount,
        detail: `booking ${booking.id} paid ${cents(booking.amount)} by ${booking.intentId ?? 'no payment'}, which the provider has not taken`,
      }),
    );
  }
  const own = refunds.filter((r) => r.bookingId === booking.id);
  // A late payment for a time someone else took credits nothing: no earning is expected.
  const earningExpected = !own.some((r) => r.reason === 'time_taken');
  if (earningExpected && booking.earning === null) {
    found.push(
      difference({
        kind: 'earning_missing',
        ...at,
        ours: null,
        theirs: booking.userAmount,
        detail: `booking ${booking.id}: no earning, the creator's share is ${cents(booking.userAmount)}`,
      }),
    );
  } else if (booking.earning !== null && booking.earning !== booking.userAmount) {
    found.push(
      difference({
        kind: 'earning_differs',
        ...at,
        ours: booking.earning,
        theirs: booking.userAmount,
        detail: `booking ${booking.id}: earning ${cents(booking.earning)}, the creator's share is ${cents(booking.userAmount)}`,
      }),
    );
  }
  const refunded = own.filter((r) => r.status === 'succeeded').reduce((sum, r) => sum + r.amount, 0);
  const earning = booking.earning ?? 0;
  const expected = refunded >= booking.amount ? -earning : refunded === 0 && booking.status === 'paid' ? 0 : null; // partial: billing's rule
  if (expected !== null && booking.reversal !== expected) {
    found.push(
      difference({
        kind: 'reversal_differs',
        ...at,
        ours: booking.reversal,
        theirs: expected,
        detail: `booking ${booking.id}: ${cents(refunded)} refunded, reversal ${cents(booking.reversal)}, expected ${cents(expected)}`,
      }),
    );
  }
  return found;
}
