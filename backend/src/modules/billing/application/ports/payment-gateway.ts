import type { SubscriptionSnapshot } from '../../domain/subscription.js';

export interface PaymentIntentState {
  id: string;
  /** The provider's status; 'succeeded' is the only paid one. */
  status: string;
  amount: number;
  currency: string;
  clientSecret: string | null;
  metadata: Record<string, string>;
}

export interface NewSubscription {
  subscriptionId: string;
  /** Client secret of the first invoice's payment. */
  clientSecret: string;
  state: SubscriptionSnapshot;
}

/** A refund as the provider answered it: succeeded at once, or pending until its event says how it ended. */
export interface RefundState {
  refundId: string;
  status: 'succeeded' | 'pending' | 'failed';
}

/** The card payment provider: Stripe, or the local test provider (see billing.module.ts). */
export abstract class PaymentGateway {
  abstract readonly provider: 'stripe' | 'local';
  abstract readonly publishableKey: string | null;

  /** A payment for a booking; repeated calls for the same booking give the same intent. */
  abstract createBookingIntent(input: {
    bookingId: string;
    amount: number;
    description: string;
    receiptEmail: string;
    /** Where the page goes after paying (the local provider answers it; Stripe's pages pass return_url). */
    returnPath: string;
  }): Promise<{ intentId: string; clientSecret: string }>;

  /**
   * A payment for a product order or a tip (metadata orderId, so its events tell it from a booking's); repeated
   * calls for the same order give the same intent.
   */
  abstract createOrderIntent(input: {
    orderId: string;
    amount: number;
    description: string;
    receiptEmail: string;
    returnPath: string;
  }): Promise<{ intentId: string; clientSecret: string }>;

  /** The payment's current state at the provider; null when the provider does not know it. */
  abstract retrieveIntent(intentId: string): Promise<PaymentIntentState | null>;

  /**
   * Refunds `amount` of a succeeded payment (a booking's or an order's, named in the refund's metadata). `key` makes it idempotent: the same key never refunds twice, and
   * answers the refund made the first time.
   */
  abstract refund(input: { intentId: string; amount: number; key: string; bookingId?: string; orderId?: string }): Promise<RefundState>;

  /** The creator's customer at the provider, made on first use. */
  abstract createCustomer(input: { userId: string; email: string; name: string }): Promise<string>;

  /** A monthly Premium subscription waiting for its first invoice's payment. */
  abstract createSubscription(input: { userId: string; customerId: string; attemptId: string }): Promise<NewSubscription>;

  /**
   * The client secret of a subscription's first payment while it can still be made (the subscription is
   * incomplete and its first invoice open); null when it can no longer be paid or is unknown.
   */
  abstract pendingPayment(subscriptionId: string): Promise<string | null>;

  /** The subscription's current state at the provider; null when the provider does not know it. */
  abstract subscriptionState(subscriptionId: string): Promise<SubscriptionSnapshot | null>;

  /** Cancels at the end of the paid period; answers the subscription's new state. */
  abstract cancelAtPeriodEnd(subscriptionId: string): Promise<SubscriptionSnapshot>;

  /**
   * Cancels at once (an account being deleted): no further charge, Premium ends now. Idempotent: a
   * subscription already cancelled (or unknown to the provider) answers its ended state.
   */
  abstract cancelNow(subscriptionId: string): Promise<SubscriptionSnapshot>;

  /**
   * The last four digits of the card that paid an invoice, read from the provider (its payment expanded);
   * null when it has none.
   */
  abstract invoiceCardLast4(invoiceId: string): Promise<string | null>;

  /** The card that renews the subscription (its default payment method); null when none is known. */
  abstract subscriptionCard(subscriptionId: string): Promise<RenewalCard | null>;

  /**
   * Stripe: a SetupIntent to save a new card for the creator's customer, for payments made without them
   * (off_session); answers its client secret, which the page confirms with Stripe Elements.
   */
  abstract startCardSetup(input: { customerId: string; userId: string; attemptId: string }): Promise<{ clientSecret: string }>;

  /**
   * Stripe: once the page confirmed the SetupIntent, its card becomes the subscription's default and the
   * customer's invoice default. Refuses (a 4xx) a SetupIntent of another customer or not succeeded.
   */
  abstract useSetupCard(input: { setupIntentId: string; customerId: string; subscriptionId: string }): Promise<RenewalCard | null>;
}

/** A saved card as the creator sees it: never its number. */
export interface RenewalCard {
  last4: string;
  expMonth: number | null;
  expYear: number | null;
}
