import type { PaymentEvent } from '../../billing/domain/payment-event.js';
import type { ProviderRefund } from './records.js';

const unix = (at: Date) => Math.floor(at.getTime() / 1000);

/**
 * The refund's id for its rebuilt event. A provider keeping no refund ids (the local provider, whose refund
 * marks the payment refunded) gets one made from the payment's id: the same on every run, so the rebuilt
 * event is applied once.
 */
export function refundIdFor(refund: ProviderRefund): string {
  if (refund.id) return refund.id;
  const payment = (refund.intentId ?? refund.chargeId ?? 'unknown')
    .replace(/^pi_local_/, '')
    .replace(/[^A-Za-z0-9_]/g, '');
  return `re_local_reconciled_${payment}`;
}

/**
 * The event the provider would have sent about this refund (Stripe's `refund.updated`, carrying the refund as
 * it stands), for a refund whose webhook never arrived. Its id, `reconcile_{refund id}`, is the same on every
 * run: applied once.
 */
export function refundEvent(refund: ProviderRefund): PaymentEvent {
  const id = refundIdFor(refund);
  const created = unix(refund.at);
  return {
    id: `reconcile_${id}`,
    type: 'refund.updated',
    created,
    data: {
      object: {
        id,
        object: 'refund',
        amount: refund.amount,
        currency: refund.currency,
        status: refund.status,
        payment_intent: refund.intentId,
        charge: refund.chargeId,
        created,
        metadata: { ...refund.metadata },
      },
    },
  };
}
