import { Logger } from '@nestjs/common';
import Stripe from 'stripe';
import { PaymentMessages, PremiumMessages } from '@linkbio/shared-contracts';
import { DomainError, invalid, notFound, unavailable } from '../../../shared/domain-error.js';
import {
  PaymentGateway,
  type NewSubscription,
  type PaymentIntentState,
  type RefundState,
  type RenewalCard,
} from '../application/ports/payment-gateway.js';
import { invoiceCardLast4 } from '../application/premium-invoice.js';
import { subscriptionFacts } from '../application/provider-objects.js';
import { PREMIUM_LOOKUP_KEY, type SubscriptionSnapshot } from '../domain/subscription.js';

/**
 * Stripe: a PaymentIntent per booking (idempotent per booking id), a Customer per creator and a monthly
 * Subscription created `default_incomplete`, whose first invoice's client secret the page confirms.
 * When Stripe cannot be reached, refuses, or answers something unusable, the call rejects with an
 * 'unavailable' DomainError (503, a message for people) and the cause goes to the log, not to the client.
 */
export class StripePaymentGateway extends PaymentGateway {
  readonly provider = 'stripe' as const;
  private priceId: string | null;
  private readonly logger = new Logger('Stripe');

  constructor(
    private readonly stripe: Stripe,
    readonly publishableKey: string | null,
    priceId?: string,
  ) {
    super();
    this.priceId = priceId ?? null;
  }

  createBookingIntent(input: { bookingId: string; amount: number; description: string; receiptEmail: string }) {
    return this.call('create a booking payment', () => this.bookingIntent(input));
  }

  private async bookingIntent(input: { bookingId: string; amount: number; description: string; receiptEmail: string }) {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: input.amount,
        currency: 'usd',
        description: input.description,
        receipt_email: input.receiptEmail,
        metadata: { bookingId: input.bookingId },
        automatic_payment_methods: { enabled: true },
      },
      { idempotencyKey: `booking-${input.bookingId}-intent` },
    );
    if (!intent.client_secret) throw new Error(`Stripe gave payment intent ${intent.id} no client secret`);
    return { intentId: intent.id, clientSecret: intent.client_secret };
  }

  createOrderIntent(input: { orderId: string; amount: number; description: string; receiptEmail: string; returnPath: string }) {
    return this.call('create an order payment', async () => {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: 'usd',
          description: input.description,
          receipt_email: input.receiptEmail,
          metadata: { orderId: input.orderId },
          automatic_payment_methods: { enabled: true },
        },
        { idempotencyKey: `order-${input.orderId}-intent` },
      );
      if (!intent.client_secret) throw new Error(`Stripe gave payment intent ${intent.id} no client secret`);
      return { intentId: intent.id, clientSecret: intent.client_secret };
    });
  }

  retrieveIntent(intentId: string): Promise<PaymentIntentState | null> {
    return this.call('read a payment', () => this.intent(intentId));
  }

  private async intent(intentId: string): Promise<PaymentIntentState | null> {
    try {
      const intent = await this.stripe.paymentIntents.retrieve(intentId);
      return {
        id: intent.id,
        status: intent.status,
        amount: intent.amount,
        currency: intent.currency,
        clientSecret: intent.client_secret,
        metadata: { ...intent.metadata },
      };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return null; // unknown id
      throw error;
    }
  }

  createCustomer(input: { userId: string; email: string; name: string }): Promise<string> {
    return this.call('create a customer', async () => {
      const customer = await this.stripe.customers.create(
        { email: input.email, name: input.name, metadata: { userId: input.userId } },
        { idempotencyKey: `customer-${input.userId}` },
      );
      return customer.id;
    });
  }

  createSubscription(input: { userId: string; customerId: string; attemptId: string }): Promise<NewSubscription> {
    return this.call('create a subscription', () => this.subscription(input));
  }

  private async subscription(input: { userId: string; customerId: string; attemptId: string }): Promise<NewSubscription> {
    const subscription = await this.stripe.subscriptions.create(
      {
        customer: input.customerId,
        items: [{ price: await this.premiumPrice() }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        metadata: { userId: input.userId },
        expand: ['latest_invoice.confirmation_secret'],
      },
      { idempotencyKey: `subscription-${input.attemptId}` },
    );
    const invoice = subscription.latest_invoice;
    const clientSecret = invoice && typeof invoice !== 'string' ? invoice.confirmation_secret?.client_secret : undefined;
    if (!clientSecret) throw new Error(`Stripe gave subscription ${subscription.id} no first-invoice client secret`);
    return { subscriptionId: subscription.id, clientSecret, state: this.snapshot(subscription) };
  }

  pendingPayment(subscriptionId: string): Promise<string | null> {
    return this.call('read a subscription', async () => {
      try {
        const subscription = await this.stripe.subscriptions.retrieve(subscriptionId, {
          expand: ['latest_invoice.confirmation_secret'],
        });
        const invoice = subscription.latest_invoice;
        if (subscription.status !== 'incomplete' || !invoice || typeof invoice === 'string' || invoice.status !== 'open') {
          return null;
        }
        return invoice.confirmation_secret?.client_secret ?? null;
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return null; // unknown id
        throw error;
      }
    });
  }

  subscriptionState(subscriptionId: string): Promise<SubscriptionSnapshot | null> {
    return this.call('read a subscription', async () => {
      try {
        return this.snapshot(await this.stripe.subscriptions.retrieve(subscriptionId));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return null; // unknown id
        throw error;
      }
    });
  }

  cancelAtPeriodEnd(subscriptionId: string): Promise<SubscriptionSnapshot> {
    return this.call('cancel a subscription', async () => {
      const subscription = await this.stripe.subscriptions.update(
        subscriptionId,
        { cancel_at_period_end: true },
        { idempotencyKey: `subscription-${subscriptionId}-cancel-at-period-end` },
      );
      return this.snapshot(subscription);
    });
  }

  cancelNow(subscriptionId: string): Promise<SubscriptionSnapshot> {
    return this.call('cancel a subscription', async () => {
      try {
        return this.snapshot(await this.stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey: `subscription-${subscriptionId}-cancel` }));
      } catch (error) {
        // Already cancelled, or unknown: nothing left to charge. Its state as Stripe has it, when it has one.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        const found = await this.stripe.subscriptions.retrieve(subscriptionId).catch(() => null);
        if (found && found.status !== 'canceled' && found.status !== 'incomplete_expired') throw error;
        return found ? this.snapshot(found) : { status: 'canceled', currentPeriodEnd: null, cancelAtPeriodEnd: false };
      }
    });
  }

  refund(input: { intentId: string; amount: number; key: string; bookingId?: string; orderId?: string }): Promise<RefundState> {
    return this.call('refund a payment', async () => {
      const refund = await this.stripe.refunds.create(
        { payment_intent: input.intentId, amount: input.amount, metadata: input.orderId ? { orderId: input.orderId } : { bookingId: input.bookingId ?? '' } },
        { idempotencyKey: `refund-${input.key}` },
      );
      const status = refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : 'pending';
      return { refundId: refund.id, status };
    });
  }

  invoiceCardLast4(invoiceId: string): Promise<string | null> {
    return this.call('read an invoice', async () => {
      const invoice = await this.stripe.invoices.retrieve(invoiceId, { expand: ['payments.data.payment.payment_intent.latest_charge'] });
      return invoiceCardLast4(invoice as unknown as Record<string, unknown>);
    });
  }

  subscriptionCard(subscriptionId: string): Promise<RenewalCard | null> {
    return this.call('read a subscription', async () => {
      try {
        const subscription = await this.stripe.subscriptions.retrieve(subscriptionId, { expand: ['default_payment_method'] });
        const method = subscription.default_payment_method;
        return method && typeof method !== 'string' ? renewalCard(method) : null;
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return null; // unknown id
        throw error;
      }
    });
  }

  startCardSetup(input: { customerId: string; userId: string; attemptId: string }): Promise<{ clientSecret: string }> {
    return this.call('start a card setup', async () => {
      const setup = await this.stripe.setupIntents.create(
        { customer: input.customerId, usage: 'off_session', automatic_payment_methods: { enabled: true }, metadata: { userId: input.userId, purpose: 'premium_card' } },
        { idempotencyKey: `card-setup-${input.attemptId}` },
      );
      if (!setup.client_secret) throw new Error(`Stripe gave setup intent ${setup.id} no client secret`);
      return { clientSecret: setup.client_secret };
    });
  }

  useSetupCard(input: { setupIntentId: string; customerId: string; subscriptionId: string }): Promise<RenewalCard | null> {
    return this.call('change the card', async () => {
      let setup: Stripe.SetupIntent;
      try {
        setup = await this.stripe.setupIntents.retrieve(input.setupIntentId, { expand: ['payment_method'] });
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) throw notFound(PremiumMessages.setupNotFound);
        throw error;
      }
      const customer = typeof setup.customer === 'string' ? setup.customer : (setup.customer?.id ?? null);
      // Another creator's SetupIntent is as unknown as a made-up one: nothing tells that it exists.
      if (customer !== input.customerId) throw notFound(PremiumMessages.setupNotFound);
      const method = setup.payment_method;
      if (setup.status !== 'succeeded' || !method) throw invalid(PremiumMessages.setupNotSucceeded);
      const methodId = typeof method === 'string' ? method : method.id;
      await this.stripe.subscriptions.update(
        input.subscriptionId,
        { default_payment_method: methodId },
        { idempotencyKey: `subscription-${input.subscriptionId}-card-${setup.id}` },
      );
      await this.stripe.customers.update(
        input.customerId,
        { invoice_settings: { default_payment_method: methodId } },
        { idempotencyKey: `customer-${input.customerId}-card-${setup.id}` },
      );
      return typeof method === 'string' ? renewalCard(await this.stripe.paymentMethods.retrieve(methodId)) : renewalCard(method);
    });
  }

  /** Runs one exchange with Stripe; any failure becomes 'unavailable' for the caller, its cause logged. */
  private async call<T>(what: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof DomainError) throw error;
      const detail =
        error instanceof Stripe.errors.StripeError
          ? `${error.type}${error.statusCode ? ` ${error.statusCode}` : ''}: ${error.message}${error.requestId ? ` (${error.requestId})` : ''}`
          : error instanceof Error
            ? error.message
            : String(error);
      this.logger.error(`Could not ${what}: ${detail}`);
      throw unavailable(PaymentMessages.providerUnavailable, 60);
    }
  }

  /** STRIPE_PRICE_ID, else the active price with lookup key `linkbio_premium_monthly` (looked up once). */
  private async premiumPrice(): Promise<string> {
    if (this.priceId) return this.priceId;
    const prices = await this.stripe.prices.list({ lookup_keys: [PREMIUM_LOOKUP_KEY], active: true, limit: 1 });
    const price = prices.data[0];
    if (!price) throw new Error(`No active Stripe price with lookup key ${PREMIUM_LOOKUP_KEY}; set STRIPE_PRICE_ID`);
    this.priceId = price.id;
    return price.id;
  }

  private snapshot(subscription: Stripe.Subscription): SubscriptionSnapshot {
    const facts = subscriptionFacts(subscription as unknown as Record<string, unknown>);
    return facts?.snapshot ?? { status: subscription.status, currentPeriodEnd: null, cancelAtPeriodEnd: subscription.cancel_at_period_end };
  }
}

const renewalCard = (method: Stripe.PaymentMethod): RenewalCard | null =>
  method.card ? { last4: method.card.last4, expMonth: method.card.exp_month ?? null, expYear: method.card.exp_year ?? null } : null;
