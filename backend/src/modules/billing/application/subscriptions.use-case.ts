import { Injectable } from '@nestjs/common';
import { PaymentMessages, type SubscriptionCreatedResponse, type SubscriptionView } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { invalid } from '../../../shared/domain-error.js';
import { newId } from '../../../shared/ids.js';
import { applySnapshot, FIRST_PAYMENT_WINDOW_MS, grantsPremium, toSubscriptionView } from '../domain/subscription.js';
import { BillingStore } from './ports/billing.store.js';
import { PaymentGateway } from './ports/payment-gateway.js';
import { Transactions } from '../../../shared/transactions.js';

export interface Subscriber {
  id: string;
  email: string;
  displayName: string;
}

/** Premium: subscribe (first invoice paid client-side), cancel at period end, read the plan. */
@Injectable()
export class SubscriptionsUseCase {
  constructor(
    private readonly store: BillingStore,
    private readonly gateway: PaymentGateway,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
  ) {}

  async create(user: Subscriber): Promise<SubscriptionCreatedResponse> {
    await this.endLapsed(user.id);
    const creator = await this.store.findCreator(user.id);
    if (creator?.isPremium) return { message: PaymentMessages.alreadySubscribed };
    // A subscription still waiting for its first payment (a declined card, a reload) is paid, not doubled.
    const pending = await this.store.pendingSubscriptionOf(user.id, new Date(this.clock.now().getTime() - FIRST_PAYMENT_WINDOW_MS));
    if (pending) {
      const clientSecret = await this.gateway.pendingPayment(pending);
      if (clientSecret) return { clientSecret };
    }
    let customerId = await this.store.customerOf(user.id);
    if (!customerId) {
      // Idempotent at the provider per creator, and first-writer-wins here: two tabs end with one customer.
      await this.store.saveCustomer(user.id, await this.gateway.createCustomer({ userId: user.id, email: user.email, name: user.displayName }));
      customerId = (await this.store.customerOf(user.id))!;
    }
    const created = await this.gateway.createSubscription({ userId: user.id, customerId, attemptId: newId() });
    await this.transactions.run(async () => {
      const existing = await this.store.lockSubscription(created.subscriptionId);
      if (!existing) {
        await this.store.saveSubscription(
          { id: created.subscriptionId, userId: user.id, ...created.state, lastEventCreated: 0 },
          this.clock.now(),
        );
      }
    });
    return { clientSecret: created.clientSecret };
  }

  /**
   * After the page has paid the first invoice: a subscription still waiting for it here takes the state the
   * provider has now, so the plan is right at once rather than when the provider's event arrives (Stripe's
   * come moments later, from another connection). Only the provider's answer counts, as for bookings.
   */
  async confirm(userId: string): Promise<SubscriptionView> {
    const latest = await this.store.latestSubscriptionOf(userId);
    if (latest?.status === 'incomplete') {
      const snapshot = await this.gateway.subscriptionState(latest.id);
      if (snapshot && snapshot.status !== 'incomplete') {
        const now = this.clock.now();
        await this.transactions.run(async () => {
          const locked = await this.store.lockSubscription(latest.id);
          if (!locked || locked.status !== 'incomplete') return; // its event came meanwhile
          // The provider's answer is as new as now: events older than it no longer apply.
          const next = applySnapshot(locked, snapshot, Math.max(locked.lastEventCreated, Math.floor(now.getTime() / 1000)));
          if (next) {
            await this.store.saveSubscription(next, now);
            await this.store.refreshPremium(userId, now);
          }
        });
      }
    }
    return this.view(userId);
  }

  async cancel(userId: string): Promise<SubscriptionView> {
    await this.endLapsed(userId);
    const now = this.clock.now();
    const current = await this.store.latestSubscriptionOf(userId);
    if (!current || !grantsPremium(current, now)) throw invalid(PaymentMessages.notSubscribed);
    if (!current.cancelAtPeriodEnd) {
      const snapshot = await this.gateway.cancelAtPeriodEnd(current.id);
      await this.transactions.run(async () => {
        const locked = await this.store.lockSubscription(current.id);
        if (!locked) return;
        // The provider's answer is as new as now: events older than the cancellation no longer apply.
        const next = applySnapshot(locked, snapshot, Math.max(locked.lastEventCreated, Math.floor(now.getTime() / 1000)));
        if (next) {
          await this.store.saveSubscription(next, now);
          await this.store.refreshPremium(userId, now);
        }
      });
    }
    return this.view(userId);
  }

  /**
   * Cancels every subscription of the creator not yet ended, at once, at the provider (an account being
   * deleted), and records each one's ended state; Premium is recomputed. Safe to repeat.
   */
  async endNow(userId: string): Promise<void> {
    for (const id of await this.store.openSubscriptionsOf(userId)) {
      const snapshot = await this.gateway.cancelNow(id);
      const now = this.clock.now();
      await this.transactions.run(async () => {
        const locked = await this.store.lockSubscription(id);
        const next = locked && applySnapshot(locked, snapshot, Math.max(locked.lastEventCreated, Math.floor(now.getTime() / 1000)));
        if (next) await this.store.saveSubscription(next, now);
      });
    }
    const now = this.clock.now();
    await this.transactions.run(() => this.store.refreshPremium(userId, now));
  }

  async view(userId: string): Promise<SubscriptionView> {
    await this.endLapsed(userId);
    const [subscription, creator] = await Promise.all([this.store.latestSubscriptionOf(userId), this.store.findCreator(userId)]);
    return toSubscriptionView(subscription, creator?.isPremium ?? false, this.clock.now());
  }

  /**
   * Ends subscriptions cancelled at period end whose period is over (all of them, or one creator's): status
   * canceled and Premium recomputed, in one transaction each. Runs on every plan read and from a sweep.
   */
  async endLapsed(userId?: string): Promise<number> {
    const now = this.clock.now();
    const lapsed = await this.store.lapsedSubscriptions(now, userId);
    for (const subscription of lapsed) {
      await this.transactions.run(async () => {
        const locked = await this.store.lockSubscription(subscription.id);
        if (!locked || grantsPremium(locked, now) || locked.status === 'canceled') return;
        await this.store.saveSubscription({ ...locked, status: 'canceled' }, now);
        await this.store.refreshPremium(locked.userId, now);
      });
    }
    return lapsed.length;
  }
}
