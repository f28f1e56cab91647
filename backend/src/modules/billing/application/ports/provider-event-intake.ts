import type { PaymentEvent } from '../../domain/payment-event.js';

/**
 * Billing's door for provider events other modules hold: a reconciliation hands it the Stripe-shaped event of a
 * refund found at the provider whose webhook never came (e.g. `refund.updated`, id `reconcile_<refundId>`). The
 * event applies as a webhook would: once per event id, and the refund once per provider refund id whichever of
 * the webhook and this event comes first. 'unapplied': kept with its reason (npm run ops -- payments:unapplied).
 */
export abstract class ProviderEventIntake {
  abstract apply(event: PaymentEvent, provider: 'stripe' | 'local'): Promise<'applied' | 'duplicate' | 'unapplied'>;
}
