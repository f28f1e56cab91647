import type { PaymentEvent } from '../../domain/payment-event.js';

/**
 * Billing's door for provider events that did not come through the webhook endpoint: an event rebuilt from
 * the provider's own records (daily reconciliation: a refund whose webhook never arrived) is handed over
 * here and applied exactly as its webhook would have been, once (by event id, and refunds by the provider's
 * refund id, so the rebuilt event and a late real one never both apply). The answer: 'applied', 'duplicate'
 * (this event id was applied before), or 'unapplied' (nothing here it could change: not ours, or not
 * applicable in the record's state).
 */
export abstract class ProviderEventIntake {
  abstract apply(event: PaymentEvent, provider: 'stripe' | 'local'): Promise<'applied' | 'duplicate' | 'unapplied'>;
}
