import type { OutgoingEmail } from '../../../shared/email/outgoing-email.js';
import type { Id } from '../../../shared/ids.js';
import { BillingStore, type Creator } from '../application/ports/billing.store.js';
import { PaymentGateway, type NewSubscription, type RenewalCard } from '../application/ports/payment-gateway.js';
import { grantsPremium, isLive, type Subscription, type SubscriptionSnapshot } from '../domain/subscription.js';

const notHere = (name: string) => () => Promise.reject(new Error(`${name} is not part of the in-memory Premium fake`));

/**
 * BillingStore's subscription part in memory, for unit specs of Premium's use cases (bookings are not here).
 * One transaction at a time in memory, so the creator's Premium lock is nothing to take.
 */
export class InMemoryPremiumStore extends BillingStore {
  readonly subscriptions = new Map<string, Subscription & { createdAt: Date }>();
  readonly creators = new Map<Id, Creator>();
  readonly customers = new Map<Id, string>();
  readonly emails: OutgoingEmail[] = [];

  findCreatorByUsername = notHere('findCreatorByUsername');
  addBooking = notHere('addBooking');
  attachIntent = notHere('attachIntent');
  findBooking = notHere('findBooking');
  findBookingByIntent = notHere('findBookingByIntent');
  paidBookingsOf = notHere('paidBookingsOf');
  countUnpaidAttempts = notHere('countUnpaidAttempts');
  markPaid = notHere('markPaid');
  markRefundDue = notHere('markRefundDue');
  markFailed = notHere('markFailed');
  expireHolds = notHere('expireHolds');
  creditCreator = notHere('creditCreator');
  recordEvent = notHere('recordEvent');

  creator(id: Id, email = `${id}@example.com`): Creator {
    const creator = { id, username: id, displayName: `Creator ${id}`, email, enableBooking: false, bookingPrice: null, isPremium: false };
    this.creators.set(id, creator);
    return creator;
  }

  findCreator(id: Id): Promise<Creator | null> {
    const creator = this.creators.get(id);
    return Promise.resolve(creator ? { ...creator } : null);
  }

  customerOf(userId: Id): Promise<string | null> {
    return Promise.resolve(this.customers.get(userId) ?? null);
  }

  saveCustomer(userId: Id, customerId: string): Promise<void> {
    if (!this.customers.has(userId)) this.customers.set(userId, customerId);
    return Promise.resolve();
  }

  lockSubscription(id: string): Promise<Subscription | null> {
    const found = this.subscriptions.get(id);
    return Promise.resolve(found ? { ...found } : null);
  }

  latestSubscriptionOf(userId: Id): Promise<Subscription | null> {
    const mine = this.of(userId).sort(
      (a, b) => Number(grantsPremium(b, new Date(0))) - Number(grantsPremium(a, new Date(0))) || b.createdAt.getTime() - a.createdAt.getTime(),
    );
    return Promise.resolve(mine[0] ?? null);
  }

  pendingSubscriptionOf(userId: Id, since: Date): Promise<string | null> {
    const pending = this.of(userId).filter((s) => s.status === 'incomplete' && s.createdAt > since);
    return Promise.resolve(pending.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]?.id ?? null);
  }

  lockPremiumOf(): Promise<void> {
    return Promise.resolve();
  }

  liveSubscriptionsOf(userId: Id): Promise<Subscription[]> {
    return Promise.resolve(this.of(userId).filter(isLive).sort((a, b) => Number(Boolean(a.supersededAt)) - Number(Boolean(b.supersededAt))));
  }

  supersededLiveSubscriptions(limit: number): Promise<Subscription[]> {
    return Promise.resolve([...this.subscriptions.values()].filter((s) => s.supersededAt && isLive(s)).slice(0, limit));
  }

  openSubscriptionsOf(userId: Id): Promise<string[]> {
    return Promise.resolve(this.of(userId).filter(isLive).map((s) => s.id));
  }

  /** As the partial unique index: a second live subscription not superseded is refused. */
  saveSubscription(s: Subscription, now: Date): Promise<void> {
    const existing = this.subscriptions.get(s.id);
    const clash = this.of(s.userId).some((o) => o.id !== s.id && isLive(o) && !o.supersededAt);
    if (clash && isLive(s) && !(existing ?? s).supersededAt) return Promise.reject(new Error('subscriptions_one_live_per_user'));
    this.subscriptions.set(s.id, { ...s, supersededAt: existing?.supersededAt ?? s.supersededAt ?? null, createdAt: existing?.createdAt ?? now });
    return Promise.resolve();
  }

  refreshPremium(userId: Id, now: Date): Promise<boolean> {
    const premium = this.of(userId).some((s) => grantsPremium(s, now));
    const creator = this.creators.get(userId);
    if (creator) creator.isPremium = premium;
    return Promise.resolve(premium);
  }

  lapsedSubscriptions(now: Date, userId?: Id): Promise<Subscription[]> {
    return Promise.resolve(
      [...this.subscriptions.values()].filter(
        (s) =>
          s.cancelAtPeriodEnd &&
          s.currentPeriodEnd &&
          s.currentPeriodEnd <= now &&
          ['active', 'trialing', 'past_due'].includes(s.status) &&
          (!userId || s.userId === userId),
      ),
    );
  }

  enqueueEmail(email: OutgoingEmail): Promise<void> {
    if (!this.emails.some((e) => e.dedupeKey === email.dedupeKey)) this.emails.push(email);
    return Promise.resolve();
  }

  private of(userId: Id) {
    return [...this.subscriptions.values()].filter((s) => s.userId === userId);
  }
}

/** A payment provider's subscriptions in memory: each with its status, its first payment's secret, its calls. */
export class FakePremiumGateway extends PaymentGateway {
  readonly provider = 'local' as const;
  readonly publishableKey = null;
  readonly states = new Map<string, SubscriptionSnapshot & { secret: string }>();
  readonly calls: string[] = [];
  private count = 0;

  createBookingIntent = notHere('createBookingIntent');
  createOrderIntent = notHere('createOrderIntent');
  retrieveIntent = notHere('retrieveIntent');
  refund = notHere('refund');
  invoiceCardLast4 = () => Promise.resolve(null);
  subscriptionCard = (): Promise<RenewalCard | null> => Promise.resolve(null);
  startCardSetup = notHere('startCardSetup');
  useSetupCard = notHere('useSetupCard');

  createCustomer(input: { userId: string }): Promise<string> {
    return Promise.resolve(`cus_${input.userId}`);
  }

  createSubscription(): Promise<NewSubscription> {
    this.count += 1;
    const id = `sub_${this.count}`;
    const state = { status: 'incomplete', currentPeriodEnd: null, cancelAtPeriodEnd: false };
    this.states.set(id, { ...state, secret: `pi_${id}_secret` });
    this.calls.push(`create ${id}`);
    return Promise.resolve({ subscriptionId: id, clientSecret: `pi_${id}_secret`, state });
  }

  pendingPayment(id: string): Promise<string | null> {
    const state = this.states.get(id);
    return Promise.resolve(state?.status === 'incomplete' && !this.expired.has(id) ? state.secret : null);
  }

  /** Subscriptions whose first payment can no longer be made (Stripe's invoice closed after 23 hours). */
  readonly expired = new Set<string>();

  subscriptionState(id: string): Promise<SubscriptionSnapshot | null> {
    const state = this.states.get(id);
    return Promise.resolve(state ? { status: state.status, currentPeriodEnd: state.currentPeriodEnd, cancelAtPeriodEnd: state.cancelAtPeriodEnd } : null);
  }

  cancelAtPeriodEnd(id: string): Promise<SubscriptionSnapshot> {
    this.calls.push(`cancel at period end ${id}`);
    const state = this.states.get(id)!;
    state.cancelAtPeriodEnd = true;
    return Promise.resolve({ status: state.status, currentPeriodEnd: state.currentPeriodEnd, cancelAtPeriodEnd: true });
  }

  cancelNow(id: string): Promise<SubscriptionSnapshot> {
    this.calls.push(`cancel now ${id}`);
    const state = this.states.get(id);
    if (state) state.status = 'canceled';
    return Promise.resolve({ status: 'canceled', currentPeriodEnd: state?.currentPeriodEnd ?? null, cancelAtPeriodEnd: state?.cancelAtPeriodEnd ?? false });
  }

  /** The first payment made: active for a month from `now`. */
  pay(id: string, periodEnd: Date): void {
    Object.assign(this.states.get(id)!, { status: 'active', currentPeriodEnd: periodEnd });
  }
}
