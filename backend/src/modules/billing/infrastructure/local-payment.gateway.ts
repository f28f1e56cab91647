import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Clock } from '../../../shared/clock.js';
import { LocalPaymentStore } from '../application/ports/local-payment.store.js';
import { PremiumMessages } from '@linkbio/shared-contracts';
import { notFound } from '../../../shared/domain-error.js';
import {
  PaymentGateway,
  type NewSubscription,
  type PaymentIntentState,
  type RefundState,
  type RenewalCard,
} from '../application/ports/payment-gateway.js';
import { Transactions } from '../../../shared/transactions.js';
import { MONTHLY_PRICE_CENTS, type SubscriptionSnapshot } from '../domain/subscription.js';

/**
 * The local test provider (no STRIPE_SECRET_KEY): a real provider for one machine and for tests. Intents and
 * subscriptions live in PostgreSQL; cards are confirmed by POST /api/payments/local/confirm with Stripe's
 * test card numbers (ConfirmLocalCardUseCase), whose events go through the same use case as Stripe's webhooks.
 */
@Injectable()
export class LocalPaymentGateway extends PaymentGateway {
  readonly provider = 'local' as const;
  readonly publishableKey = null;

  constructor(
    private readonly store: LocalPaymentStore,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
  ) {
    super();
  }

  async createBookingIntent(input: { bookingId: string; amount: number; returnPath: string }): Promise<{ intentId: string; clientSecret: string }> {
    const intent = await this.store.createIntent({
      amount: input.amount,
      metadata: { bookingId: input.bookingId },
      returnPath: input.returnPath,
      now: this.clock.now(),
      key: input.bookingId,
    });
    return { intentId: intent.id, clientSecret: intent.clientSecret };
  }

  async createOrderIntent(input: { orderId: string; amount: number; returnPath: string }): Promise<{ intentId: string; clientSecret: string }> {
    const intent = await this.store.createIntent({
      amount: input.amount,
      metadata: { orderId: input.orderId },
      returnPath: input.returnPath,
      now: this.clock.now(),
      key: input.orderId,
    });
    return { intentId: intent.id, clientSecret: intent.clientSecret };
  }

  async retrieveIntent(intentId: string): Promise<PaymentIntentState | null> {
    const intent = await this.store.findIntent(intentId);
    if (!intent) return null;
    return { id: intent.id, status: intent.status, amount: intent.amount, currency: intent.currency, clientSecret: intent.clientSecret, metadata: intent.metadata };
  }

  refund(input: { intentId: string; amount: number; key: string }): Promise<RefundState> {
    return this.transactions.run(async () => {
      const refundId = `re_local_${input.key.replace(/[^A-Za-z0-9]/g, '')}`;
      const intent = await this.store.lockIntent(input.intentId);
      if (!intent || intent.amount < input.amount) return { refundId, status: 'failed' as const };
      if (intent.status === 'succeeded') await this.store.setIntentStatus(intent.id, 'refunded', null, this.clock.now());
      // Refunded already (this key's refund, asked again): the same answer.
      return { refundId, status: intent.status === 'requires_payment_method' ? ('failed' as const) : ('succeeded' as const) };
    });
  }

  createCustomer(): Promise<string> {
    return Promise.resolve(`cus_local_${randomBytes(12).toString('hex')}`);
  }

  createSubscription(input: { userId: string; customerId: string }): Promise<NewSubscription> {
    return this.transactions.run(async () => {
      const now = this.clock.now();
      const subscription = await this.store.createSubscription({ customerId: input.customerId, userId: input.userId, now });
      const intent = await this.firstPayment(subscription.id, input.userId, now);
      return {
        subscriptionId: subscription.id,
        clientSecret: intent.clientSecret,
        state: { status: 'incomplete', currentPeriodEnd: null, cancelAtPeriodEnd: false },
      };
    });
  }

  pendingPayment(subscriptionId: string): Promise<string | null> {
    return this.transactions.run(async () => {
      const subscription = await this.store.lockSubscription(subscriptionId);
      if (!subscription || subscription.status !== 'incomplete') return null;
      const intent = await this.firstPayment(subscription.id, subscription.userId, this.clock.now());
      return intent.status === 'requires_payment_method' ? intent.clientSecret : null;
    });
  }

  subscriptionState(subscriptionId: string): Promise<SubscriptionSnapshot | null> {
    return this.transactions.run(async () => {
      const subscription = await this.store.lockSubscription(subscriptionId);
      if (!subscription) return null;
      return { status: subscription.status, currentPeriodEnd: subscription.currentPeriodEnd, cancelAtPeriodEnd: subscription.cancelAtPeriodEnd };
    });
  }

  /** The subscription's first payment: one per subscription (keyed by its id), as a Stripe invoice is. */
  private firstPayment(subscriptionId: string, userId: string, now: Date) {
    return this.store.createIntent({
      amount: MONTHLY_PRICE_CENTS,
      metadata: { subscriptionId, userId },
      returnPath: '/dashboard',
      now,
      key: `${subscriptionId}-first`,
    });
  }

  cancelAtPeriodEnd(subscriptionId: string): Promise<SubscriptionSnapshot> {
    return this.transactions.run(async () => {
      const subscription = await this.store.lockSubscription(subscriptionId);
      if (!subscription) throw new Error(`Unknown local subscription ${subscriptionId}`);
      const next = { ...subscription, cancelAtPeriodEnd: true };
      await this.store.saveSubscription(next);
      return { status: next.status, currentPeriodEnd: next.currentPeriodEnd, cancelAtPeriodEnd: true };
    });
  }

  cancelNow(subscriptionId: string): Promise<SubscriptionSnapshot> {
    return this.transactions.run(async () => {
      const subscription = await this.store.lockSubscription(subscriptionId);
      if (!subscription) return { status: 'canceled', currentPeriodEnd: null, cancelAtPeriodEnd: false };
      if (subscription.status !== 'canceled') await this.store.saveSubscription({ ...subscription, status: 'canceled' });
      return { status: 'canceled', currentPeriodEnd: subscription.currentPeriodEnd, cancelAtPeriodEnd: subscription.cancelAtPeriodEnd };
    });
  }

  /** The local provider's invoices carry their card in the event they come with: nothing to read here. */
  invoiceCardLast4(): Promise<string | null> {
    return Promise.resolve(null);
  }

  async subscriptionCard(subscriptionId: string): Promise<RenewalCard | null> {
    const card = (await this.store.findSubscription(subscriptionId))?.card;
    return card ? { last4: card.last4, expMonth: card.expMonth, expYear: card.expYear } : null;
  }

  /** The local provider takes a new card through its own form (PUT /api/subscription/card), not a SetupIntent. */
  startCardSetup(): Promise<{ clientSecret: string }> {
    return Promise.reject(notFound(PremiumMessages.cardChangeStripeOnly));
  }

  useSetupCard(): Promise<RenewalCard | null> {
    return Promise.reject(notFound(PremiumMessages.cardChangeStripeOnly));
  }
}
