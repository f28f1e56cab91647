import { cents, difference, settled, type Difference } from './difference.js';
import type { BookingRecord, OurRecords, ProviderRecords, ProviderRefund, RefundRecord } from './records.js';

/**
 * The refunds of each payment, paired: first by the provider's refund id, then (a refund either side holds
 * without the other's id) by order, same amounts first. Paired refunds must agree in status and amount; a
 * provider refund with no pair is missing here (applied), one of ours succeeded with no pair is missing there.
 */
export function refundDifferences(
  ours: OurRecords,
  theirs: ProviderRecords,
  bookingsByIntent: Map<string, BookingRecord>,
): Difference[] {
  const intentOfCharge = new Map(theirs.payments.filter((p) => p.chargeId).map((p) => [p.chargeId!, p.intentId]));
  const intentOf = (r: ProviderRefund) =>
    r.intentId ?? (r.chargeId ? (intentOfCharge.get(r.chargeId) ?? r.chargeId) : 'unknown');
  const intents = new Set([
    ...theirs.refunds.map(intentOf),
    ...ours.refunds.map((r) => r.intentId ?? `booking:${r.bookingId}`),
  ]);
  const found: Difference[] = [];
  for (const intent of intents) {
    const booking = bookingsByIntent.get(intent);
    const providers = theirs.refunds
      .filter((r) => intentOf(r) === intent)
      .sort((a, b) => a.at.getTime() - b.at.getTime());
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
      const index = [
        own.findIndex((r) => pairable(r, provider) && r.amount === provider.amount),
        own.findIndex((r) => pairable(r, provider)),
      ].find((i) => i >= 0);
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
        found.push(
          difference({
            kind: 'refund_status_differs',
            ...at(provider, record),
            ours: record.amount,
            theirs: provider.amount,
            detail: `${provider.id ?? intent}: ${provider.status} at the provider, ${record.status} here (refund ${record.id})`,
            // The provider's final word is applied as its event would be; a refund still on its way there waits.
            apply: theirStatus === 'pending' ? null : provider,
          }),
        );
      }
      if (provider.amount !== record.amount) {
        found.push(
          difference({
            kind: 'refund_amount_differs',
            ...at(provider, record),
            ours: record.amount,
            theirs: provider.amount,
            detail: `${provider.id ?? intent}: ${cents(provider.amount)} at the provider, ${cents(record.amount)} here (refund ${record.id})`,
          }),
        );
      }
    }
    for (const provider of leftProvider) {
      if (settled(provider.status) === 'failed') continue; // no money moved
      found.push(
        difference({
          kind: 'refund_missing_here',
          ...at(provider, null),
          theirs: provider.amount,
          detail: `${provider.id ?? intent}: ${cents(provider.amount)} ${provider.status} at the provider on ${intent}, not recorded here`,
          apply: provider,
        }),
      );
    }
    for (const record of own) {
      if (record.status !== 'succeeded') continue; // not made yet: billing's sweep is on it
      found.push(
        difference({
          kind: 'refund_missing_at_provider',
          ...at(null, record),
          ours: record.amount,
          detail: `refund ${record.id} of booking ${record.bookingId}: ${cents(record.amount)} succeeded here${record.providerRefundId ? ` as ${record.providerRefundId}` : ''}, not at the provider`,
        }),
      );
    }
  }
  return found;
}
