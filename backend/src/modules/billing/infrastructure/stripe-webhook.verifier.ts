import Stripe from 'stripe';
import { PaymentMessages } from '@linkbio/shared-contracts';
import { invalid } from '../../../shared/domain-error.js';
import type { PaymentEvent } from '../domain/payment-event.js';

/** Five minutes, Stripe's default tolerance for the signature's timestamp. */
const TOLERANCE_SECONDS = 300;

/** Checks Stripe's signature over the raw body; without STRIPE_WEBHOOK_SECRET every delivery is refused. */
export class StripeWebhookVerifier {
  private readonly webhooks = Stripe.webhooks;

  constructor(private readonly secret: string | undefined) {}

  verify(rawBody: unknown, signature: string | undefined): PaymentEvent {
    if (!this.secret || !Buffer.isBuffer(rawBody) || !signature) throw invalid(PaymentMessages.webhookSignature);
    try {
      const event = this.webhooks.constructEvent(rawBody, signature, this.secret, TOLERANCE_SECONDS);
      return event as unknown as PaymentEvent;
    } catch {
      throw invalid(PaymentMessages.webhookSignature);
    }
  }
}
