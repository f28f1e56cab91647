import { addOneMonth, applyInvoicePaid, applySnapshot, grantsPremium, toSubscriptionView, type Subscription } from './subscription.js';

const NOW = new Date('2026-03-02T12:00:00Z');
const LATER = new Date('2026-04-02T12:00:00Z');
const base: Subscription = { id: 'sub_1', userId: 'u1', status: 'incomplete', currentPeriodEnd: null, cancelAtPeriodEnd: false, lastEventCreated: 0 };
const active = (over: Partial<Subscription> = {}): Subscription => ({ ...base, status: 'active', currentPeriodEnd: LATER, lastEventCreated: 100, ...over });

describe('subscription state from provider events', () => {
  it('applies the newest event and ignores older ones', () => {
    const canceled = applySnapshot(active(), { status: 'canceled', currentPeriodEnd: LATER, cancelAtPeriodEnd: false }, 200)!;
    expect(canceled.status).toBe('canceled');
    expect(applySnapshot(canceled, { status: 'active', currentPeriodEnd: LATER, cancelAtPeriodEnd: false }, 150)).toBeNull();
  });

  it('never brings an ended subscription back, whatever the timestamps', () => {
    const ended = active({ status: 'canceled', lastEventCreated: 100 });
    expect(applySnapshot(ended, { status: 'active', currentPeriodEnd: LATER, cancelAtPeriodEnd: false }, 300)).toBeNull();
  });

  it('is idempotent: the same event twice gives the same state', () => {
    const snapshot = { status: 'active', currentPeriodEnd: LATER, cancelAtPeriodEnd: true };
    const once = applySnapshot(base, snapshot, 100)!;
    expect(applySnapshot(once, snapshot, 100)).toEqual(once);
  });

  it('invoice.paid activates a subscription waiting for payment and only moves the period forward', () => {
    expect(applyInvoicePaid(base, LATER, 100)).toMatchObject({ status: 'active', currentPeriodEnd: LATER });
    expect(applyInvoicePaid(active({ currentPeriodEnd: LATER }), NOW, 200)).toBeNull();
    expect(applyInvoicePaid(active({ status: 'canceled' }), LATER, 300)).toBeNull();
    expect(applyInvoicePaid(active({ lastEventCreated: 500 }), LATER, 300)).toBeNull();
  });

  it('keeps Premium until the end of a cancelled period', () => {
    const canceling = active({ cancelAtPeriodEnd: true });
    expect(grantsPremium(canceling, NOW)).toBe(true);
    expect(grantsPremium(canceling, LATER)).toBe(false);
    expect(grantsPremium(active(), new Date('2030-01-01'))).toBe(true);
    expect(grantsPremium(base, NOW)).toBe(false);
    expect(toSubscriptionView(canceling, true, NOW)).toEqual({
      plan: 'premium',
      status: 'canceling',
      currentPeriodEnd: LATER.toISOString(),
      cancelAtPeriodEnd: true,
    });
    expect(toSubscriptionView(canceling, false, LATER).status).toBe('canceled');
    expect(toSubscriptionView(null, false, NOW)).toEqual({ plan: 'free', status: 'none', currentPeriodEnd: null, cancelAtPeriodEnd: false });
  });

  it('adds calendar months, clamped to the last day', () => {
    expect(addOneMonth(new Date('2026-01-31T10:00:00Z')).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addOneMonth(new Date('2026-12-15T00:00:00Z')).toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });
});
