import { Injectable, Logger } from '@nestjs/common';
import { PaymentMessages, type SubscriptionCreatedResponse, type SubscriptionView } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { invalid } from '../../../shared/domain-error.js';
import { newId } from '../../../shared/ids.js';
import {
  applySnapshot,
  FIRST_PAYMENT_WINDOW_MS,
  grantsPremium,
  isLive,
  toSubscriptionView,
  type Subscription,
  type SubscriptionSnapshot,
} from '../domain/subscription.js';
import { BillingStore } from './ports/billing.store.js';
import { PaymentGateway } from './ports/payment-gateway.js';
import { Transactions } from '../../../shared/transactions.js';
import { EmailOutboxRelay } from '../../../shared/email/email-outbox.relay.js';
import { premiumCancelledEmail, premiumEndedEmail } from './premium-emails.js';

export interface Subscriber {
  id: string;
  email: string;
  displayName: string;
}

/** Superseded subscriptions cancelled per sweep; the rest wait for the next one (a minute later). */
const SUPERSEDED_PER_SWEEP = 100;

/**
 * Premium: subscribe (first invoice paid client-side), cancel at period end, read the plan.
 *
 * One live subscription per creator: subscribe and cancel run under the creator's Premium lock (a
 * transaction-level advisory lock, BillingStore.lockPremiumOf) held across the look at what is live, the
 * provider's calls and the writes, so concurrent calls are answered one after the other: the first makes the
 * subscription, the others answer its first payment (the same client secret). PostgreSQL's partial unique
 * index (subscriptions_one_live_per_user) refuses a second live subscription whatever the code does.
 */
@Injectable()
export class SubscriptionsUseCase {
  private readonly logger = new Logger('Payments');

  constructor(
    private readonly store: BillingStore,
    private readonly gateway: PaymentGateway,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    private readonly outbox: EmailOutboxRelay,
  ) {}

  async create(user: Subscriber): Promise<SubscriptionCreatedResponse> {
    await this.endLapsed(user.id);
    if ((await this.store.findCreator(user.id))?.isPremium) return { message: PaymentMessages.alreadySubscribed };
    return this.transactions.run(async () => {
      await this.store.lockPremiumOf(user.id);
      // Read again under the lock: a call ahead of this one may have made (or a payment completed) a subscription.
      if ((await this.store.findCreator(user.id))?.isPremium) return { message: PaymentMessages.alreadySubscribed };
      const since = new Date(this.clock.now().getTime() - FIRST_PAYMENT_WINDOW_MS);
      // A subscription still waiting for its first payment (a declined card, a reload, a call at the same time) is paid, not doubled.
      const pending = await this.store.pendingSubscriptionOf(user.id, since);
      if (pending) {
        const clientSecret = await this.gateway.pendingPayment(pending);
        if (clientSecret) return { clientSecret };
      }
      // Any other live subscription cannot be paid any more (its 23 hours are over, or it is unpaid): it is ended at
      // the provider and here first, so that the new one is the creator's only live one. One paid meanwhile is kept.
      for (const live of await this.store.liveSubscriptionsOf(user.id)) {
        const state = await this.gateway.subscriptionState(live.id);
        if (state && grantsPremium({ ...live, ...state }, this.clock.now())) {
          await this.record(live.id, state);
          if (!live.supersededAt) return { message: PaymentMessages.alreadySubscribed };
          continue;
        }
        await this.record(live.id, await this.gateway.cancelNow(live.id), true);
      }
      let customerId = await this.store.customerOf(user.id);
      if (!customerId) {
        // Idempotent at the provider per creator, and first-writer-wins here: one customer per creator.
        await this.store.saveCustomer(user.id, await this.gateway.createCustomer({ userId: user.id, email: user.email, name: user.displayName }));
        customerId = (await this.store.customerOf(user.id))!;
      }
      // A slow or failing provider: this call waits (or fails with 503 and nothing stored); those behind it wait on the lock.
      const created = await this.gateway.createSubscription({ userId: user.id, customerId, attemptId: newId() });
      const existing = await this.store.lockSubscription(created.subscriptionId);
      if (!existing) {
        await this.store.saveSubscription({ id: created.subscriptionId, userId: user.id, ...created.state, lastEventCreated: 0 }, this.clock.now());
      }
      return { clientSecret: created.clientSecret };
    });
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
        await this.transactions.run(async () => {
          const locked = await this.store.lockSubscription(latest.id);
          if (!locked || locked.status !== 'incomplete') return; // its event came meanwhile
          await this.record(latest.id, snapshot);
        });
      }
    }
    return this.view(userId);
  }

  /**
   * Ends every live subscription of the creator: each one granting Premium at its period's end (Premium lasts
   * until then), any other (waiting for a first payment, unpaid) at once. Concurrent cancels run one after the
   * other on the creator's lock; the provider's calls are idempotent. The creator is told once per subscription.
   */
  async cancel(userId: string): Promise<SubscriptionView> {
    await this.endLapsed(userId);
    await this.transactions.run(async () => {
      await this.store.lockPremiumOf(userId);
      const now = this.clock.now();
      const live = await this.store.liveSubscriptionsOf(userId);
      if (!live.some((s) => grantsPremium(s, now))) throw invalid(PaymentMessages.notSubscribed);
      const creator = await this.store.findCreator(userId);
      for (const subscription of live) {
        if (!grantsPremium(subscription, now)) {
          await this.record(subscription.id, await this.gateway.cancelNow(subscription.id), true);
          continue;
        }
        if (subscription.cancelAtPeriodEnd) continue;
        const next = await this.record(subscription.id, await this.gateway.cancelAtPeriodEnd(subscription.id));
        if (creator && next?.cancelAtPeriodEnd && !subscription.supersededAt) {
          await this.store.enqueueEmail(premiumCancelledEmail(creator, next), now);
        }
      }
    });
    await this.outbox.deliverPending();
    return this.view(userId);
  }

  /**
   * Cancels every subscription of the creator not yet ended, at once, at the provider (an account being
   * deleted), and records each one's ended state; Premium is recomputed. Safe to repeat.
   */
  async endNow(userId: string): Promise<void> {
    for (const id of await this.store.openSubscriptionsOf(userId)) {
      const snapshot = await this.gateway.cancelNow(id);
      await this.transactions.run(() => this.record(id, snapshot, true));
    }
    const now = this.clock.now();
    await this.transactions.run(() => this.store.refreshPremium(userId, now));
  }

  /**
   * From the billing sweep: live subscriptions marked superseded (duplicates) are cancelled at the provider at
   * once, and their ended state recorded. Answers how many were ended.
   */
  async endSuperseded(): Promise<number> {
    let ended = 0;
    for (const subscription of await this.store.supersededLiveSubscriptions(SUPERSEDED_PER_SWEEP)) {
      try {
        const snapshot = await this.gateway.cancelNow(subscription.id);
        await this.transactions.run(() => this.record(subscription.id, snapshot, true));
        ended += 1;
        this.logger.log(`Superseded subscription ${subscription.id} cancelled at the provider`);
      } catch (error) {
        // The next sweep tries again; the others go on.
        this.logger.error(`Superseded subscription ${subscription.id} could not be cancelled: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return ended;
  }

  async view(userId: string): Promise<SubscriptionView> {
    await this.endLapsed(userId);
    const [subscription, creator] = await Promise.all([this.store.latestSubscriptionOf(userId), this.store.findCreator(userId)]);
    return toSubscriptionView(subscription, creator?.isPremium ?? false, this.clock.now());
  }

  /**
   * Ends subscriptions cancelled at period end whose period is over (all of them, or one creator's): status
   * canceled and Premium recomputed, in one transaction each, and the creator told Premium has ended. Runs on
   * every plan read and from a sweep.
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
        const creator = await this.store.findCreator(locked.userId);
        if (creator && !locked.supersededAt) await this.store.enqueueEmail(premiumEndedEmail(creator, locked), now);
      });
    }
    // A creator's own read tells them at once; the sweep delivers what it ended itself.
    if (userId && lapsed.length > 0) await this.outbox.deliverPending();
    return lapsed.length;
  }

  /**
   * Records the provider's answer about a subscription (as new as now: older events no longer apply) and
   * recomputes Premium; `ended` (a cancellation at once) records it ended even when the provider does not
   * know it. Runs in the caller's transaction, or its own.
   */
  private record(id: string, snapshot: SubscriptionSnapshot, ended = false): Promise<Subscription | null> {
    return this.transactions.run(async () => {
      const now = this.clock.now();
      const locked = await this.store.lockSubscription(id);
      if (!locked) return null;
      const state = ended && isLive(snapshot) ? { ...snapshot, status: 'canceled' } : snapshot;
      const next = applySnapshot(locked, state, Math.max(locked.lastEventCreated, Math.floor(now.getTime() / 1000)));
      if (!next) return locked;
      await this.store.saveSubscription(next, now);
      await this.store.refreshPremium(locked.userId, now);
      return next;
    });
  }
}
