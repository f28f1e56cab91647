import { Injectable } from '@nestjs/common';
import { PremiumMessages, type PremiumCardView, type PremiumLocalCardRequest } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { invalid, notFound } from '../../../shared/domain-error.js';
import { newId } from '../../../shared/ids.js';
import { Transactions } from '../../../shared/transactions.js';
import { chargeTestCard, savedCardOf } from '../domain/test-cards.js';
import type { Subscription } from '../domain/subscription.js';
import { BillingStore } from './ports/billing.store.js';
import { LocalPaymentStore } from './ports/local-payment.store.js';
import { PaymentGateway, type RenewalCard } from './ports/payment-gateway.js';

export type LocalCardChange = { status: 'changed'; view: PremiumCardView } | { status: 'declined'; message: string };

const view = (card: RenewalCard | null): PremiumCardView => ({ card });

/**
 * The card that renews Premium, and changing it. The local provider takes the card form (checked and refused
 * as the payment form is; only the last four digits and expiry are kept); Stripe a SetupIntent confirmed in
 * the page, whose card becomes the subscription's default payment method. The next renewal charges it.
 */
@Injectable()
export class PremiumCardUseCase {
  constructor(
    private readonly store: BillingStore,
    private readonly gateway: PaymentGateway,
    private readonly local: LocalPaymentStore,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
  ) {}

  async current(userId: string): Promise<PremiumCardView> {
    const subscription = await this.renewing(userId);
    return view(subscription ? await this.gateway.subscriptionCard(subscription.id) : null);
  }

  /** PUT /api/subscription/card (local provider). A declined test card changes nothing. */
  async changeLocal(userId: string, request: PremiumLocalCardRequest): Promise<LocalCardChange> {
    if (this.gateway.provider !== 'local') throw notFound(PremiumMessages.cardChangeLocalOnly);
    const outcome = chargeTestCard(request, this.clock.now());
    if (outcome.kind === 'invalid') throw invalid(outcome.message);
    const subscription = await this.renewing(userId);
    if (!subscription) throw invalid(PremiumMessages.noSubscriptionForCard);
    if (outcome.kind === 'declined') return { status: 'declined', message: outcome.message };
    const card = savedCardOf(request);
    await this.transactions.run(async () => {
      await this.store.lockPremiumOf(userId);
      const local = await this.local.lockSubscription(subscription.id);
      if (!local) throw invalid(PremiumMessages.noSubscriptionForCard);
      await this.local.saveSubscription({ ...local, card });
    });
    return { status: 'changed', view: view(card) };
  }

  /** POST /api/subscription/card/setup (Stripe): a SetupIntent for the creator's customer. */
  async startSetup(userId: string): Promise<{ clientSecret: string }> {
    if (this.gateway.provider !== 'stripe') throw notFound(PremiumMessages.cardChangeStripeOnly);
    const [subscription, customerId] = await Promise.all([this.renewing(userId), this.store.customerOf(userId)]);
    if (!subscription || !customerId) throw invalid(PremiumMessages.noSubscriptionForCard);
    return this.gateway.startCardSetup({ customerId, userId, attemptId: newId() });
  }

  /** POST /api/subscription/card/confirm (Stripe): the SetupIntent's card renews the subscription from now on. */
  async confirmSetup(userId: string, setupIntentId: string): Promise<PremiumCardView> {
    if (this.gateway.provider !== 'stripe') throw notFound(PremiumMessages.cardChangeStripeOnly);
    const [subscription, customerId] = await Promise.all([this.renewing(userId), this.store.customerOf(userId)]);
    if (!subscription || !customerId) throw invalid(PremiumMessages.noSubscriptionForCard);
    return view(await this.gateway.useSetupCard({ setupIntentId, customerId, subscriptionId: subscription.id }));
  }

  /** The creator's subscription that will renew: live, not superseded, not waiting for its first payment. */
  private async renewing(userId: string): Promise<Subscription | null> {
    const live = await this.store.liveSubscriptionsOf(userId);
    return live.find((s) => !s.supersededAt && s.status !== 'incomplete') ?? null;
  }
}
