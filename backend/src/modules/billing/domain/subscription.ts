import type { SubscriptionView } from '@linkbio/shared-contracts';

/** Our copy of a provider subscription, updated only from the provider's own state (events or API answers). */
export interface Subscription {
  id: string;
  userId: string;
  /** The provider's status: incomplete, incomplete_expired, trialing, active, past_due, canceled, unpaid, paused. */
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** `created` (unix seconds) of the newest provider event applied; older events are stale. */
  lastEventCreated: number;
  /**
   * Set on a live subscription that is not the creator's one (a duplicate made before one live subscription
   * per creator was enforced, or one the provider reported while another was live): the billing sweep cancels
   * it at the provider at once. Only rows without it count in the one-live-per-creator index.
   */
  supersededAt?: Date | null;
}

export interface SubscriptionSnapshot {
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

const TERMINAL = new Set(['canceled', 'incomplete_expired']);

/** True while the subscription may still bill: any status but canceled and incomplete_expired. */
export const isLive = (subscription: { status: string }): boolean => !TERMINAL.has(subscription.status);
/** Statuses that keep Premium; past_due too, while the provider retries the renewal. */
const PREMIUM = new Set(['active', 'trialing', 'past_due']);

export const MONTHLY_PRICE_CENTS = 999;
/** How long a subscription waits for its first payment: Stripe expires an incomplete one after 23 hours. */
export const FIRST_PAYMENT_WINDOW_MS = 23 * 60 * 60 * 1000;
export const PREMIUM_LOOKUP_KEY = 'linkbio_premium_monthly';

/** True when the subscription gives Premium at `now`: a cancelled one ends at its period end. */
export function grantsPremium(subscription: Subscription, now: Date): boolean {
  if (!PREMIUM.has(subscription.status)) return false;
  if (subscription.cancelAtPeriodEnd && subscription.currentPeriodEnd && subscription.currentPeriodEnd <= now) return false;
  return true;
}

/**
 * Applies the state an event carries. Returns null when nothing changes: the event is older than one already
 * applied, or the subscription already ended (a terminal status never comes back). Applying the same event
 * twice gives the same state, so duplicates and any order end in the newest event's state.
 */
export function applySnapshot(current: Subscription, snapshot: SubscriptionSnapshot, eventCreated: number): Subscription | null {
  if (eventCreated < current.lastEventCreated) return null;
  if (TERMINAL.has(current.status) && !TERMINAL.has(snapshot.status)) return null;
  return { ...current, ...snapshot, lastEventCreated: eventCreated };
}

/**
 * invoice.paid: the first (or a renewal) invoice is paid. It carries no subscription status, so it only
 * activates a subscription waiting for payment and moves its period end forward, never backward.
 */
export function applyInvoicePaid(current: Subscription, periodEnd: Date | null, eventCreated: number): Subscription | null {
  if (eventCreated < current.lastEventCreated || TERMINAL.has(current.status)) return null;
  const status = ['incomplete', 'past_due', 'unpaid'].includes(current.status) ? 'active' : current.status;
  const currentPeriodEnd =
    periodEnd && (!current.currentPeriodEnd || periodEnd > current.currentPeriodEnd) ? periodEnd : current.currentPeriodEnd;
  if (status === current.status && currentPeriodEnd === current.currentPeriodEnd) return null;
  return { ...current, status, currentPeriodEnd };
}

export function toSubscriptionView(subscription: Subscription | null, isPremium: boolean, now: Date): SubscriptionView {
  const plan = isPremium ? 'premium' : 'free';
  if (!subscription) return { plan, status: 'none', currentPeriodEnd: null, cancelAtPeriodEnd: false };
  const ended =
    TERMINAL.has(subscription.status) ||
    (subscription.cancelAtPeriodEnd && subscription.currentPeriodEnd !== null && subscription.currentPeriodEnd <= now);
  const status: SubscriptionView['status'] = ended
    ? 'canceled'
    : subscription.status === 'incomplete'
      ? 'incomplete'
      : subscription.status === 'past_due' || subscription.status === 'unpaid'
        ? 'past_due'
        : subscription.cancelAtPeriodEnd
          ? 'canceling'
          : PREMIUM.has(subscription.status)
            ? 'active'
            : 'canceled';
  return {
    plan,
    status,
    currentPeriodEnd: subscription.currentPeriodEnd ? subscription.currentPeriodEnd.toISOString() : null,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
  };
}

/** One calendar month later (clamped to the month's last day), like Stripe's monthly billing. */
export function addOneMonth(from: Date): Date {
  const next = new Date(from.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}
