import { PaymentMessages } from '@linkbio/shared-contracts';
import type { EmailOutboxRelay } from '../../../shared/email/email-outbox.relay.js';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { ImmediateTransactions } from '../../../shared/testing/immediate.transactions.js';
import { FakePremiumGateway, InMemoryPremiumStore } from '../testing/in-memory-premium.js';
import { SubscriptionsUseCase } from './subscriptions.use-case.js';

const HOUR = 60 * 60 * 1000;

function world() {
  const store = new InMemoryPremiumStore();
  const gateway = new FakePremiumGateway();
  const clock = new FixedClock('2027-01-20T12:00:00.000Z');
  const outbox = { deliverPending: () => Promise.resolve(0) } as unknown as EmailOutboxRelay;
  const premium = new SubscriptionsUseCase(store, gateway, new ImmediateTransactions(), clock, outbox);
  const creator = store.creator('ada');
  const user = { id: creator.id, email: creator.email, displayName: creator.displayName };
  /** The provider says the first payment was made, and so do we (its event). */
  const paid = async (id: string) => {
    const end = new Date(clock.now().getTime() + 30 * 24 * HOUR);
    gateway.pay(id, end);
    await store.saveSubscription({ ...(await store.lockSubscription(id))!, status: 'active', currentPeriodEnd: end }, clock.now());
    await store.refreshPremium('ada', clock.now());
  };
  return { store, gateway, clock, premium, user, paid };
}

describe('SubscriptionsUseCase', () => {
  it('answers a subscription still waiting for its first payment again, rather than making another', async () => {
    const { premium, user, gateway, store } = world();
    const first = await premium.create(user);
    expect(await premium.create(user)).toEqual(first);
    expect(gateway.calls).toEqual(['create sub_1']);
    expect(store.subscriptions.size).toBe(1);
  });

  it('ends a waiting subscription whose first payment can no longer be made, at the provider and here, before making a new one', async () => {
    const { premium, user, gateway, store, clock } = world();
    await premium.create(user);
    clock.advance(23 * HOUR + 60_000);
    gateway.expired.add('sub_1');
    expect(await premium.create(user)).toEqual({ clientSecret: 'pi_sub_2_secret' });
    expect(gateway.calls).toEqual(['create sub_1', 'cancel now sub_1', 'create sub_2']);
    expect(store.subscriptions.get('sub_1')!.status).toBe('canceled');
  });

  it('keeps one the provider reports paid meanwhile (its event not here yet) and answers that the creator is subscribed', async () => {
    const { premium, user, gateway, store } = world();
    await premium.create(user);
    gateway.expired.add('sub_1'); // its invoice is no longer open: it was paid
    gateway.pay('sub_1', new Date('2027-02-20T12:00:00.000Z'));
    expect(await premium.create(user)).toEqual({ message: PaymentMessages.alreadySubscribed });
    expect(store.subscriptions.get('sub_1')!.status).toBe('active');
    expect((await store.findCreator('ada'))!.isPremium).toBe(true);
    expect(gateway.calls).toEqual(['create sub_1']);
  });

  it('cancels every live subscription: at the period’s end those giving Premium, a superseded duplicate too; one e-mail', async () => {
    const { premium, user, gateway, store, paid, clock } = world();
    await premium.create(user);
    await paid('sub_1');
    // A duplicate made before one live subscription per creator was enforced, marked superseded.
    gateway.states.set('sub_dup', { status: 'active', currentPeriodEnd: new Date('2027-02-10T00:00:00Z'), cancelAtPeriodEnd: false, secret: 'x' });
    await store.saveSubscription(
      { id: 'sub_dup', userId: 'ada', status: 'active', currentPeriodEnd: new Date('2027-02-10T00:00:00Z'), cancelAtPeriodEnd: false, lastEventCreated: 0, supersededAt: clock.now() },
      clock.now(),
    );

    const view = await premium.cancel(user.id);
    await premium.cancel(user.id);

    expect(view).toMatchObject({ plan: 'premium', status: 'canceling', cancelAtPeriodEnd: true });
    expect(gateway.calls.filter((c) => c.startsWith('cancel'))).toEqual(['cancel at period end sub_1', 'cancel at period end sub_dup']);
    expect([...store.subscriptions.values()].every((s) => s.cancelAtPeriodEnd)).toBe(true);
    expect(store.emails.map((e) => e.dedupeKey)).toEqual(['premium:sub_1:cancelled']);
  });

  it('refuses to cancel for a creator without Premium, changing nothing', async () => {
    const { premium, user, gateway } = world();
    await premium.create(user);
    await expect(premium.cancel(user.id)).rejects.toEqual(aDomainError('invalid', PaymentMessages.notSubscribed));
    expect(gateway.calls).toEqual(['create sub_1']);
  });

  it('the sweep cancels superseded live subscriptions at the provider at once', async () => {
    const { premium, user, gateway, store, paid, clock } = world();
    await premium.create(user);
    await paid('sub_1');
    gateway.states.set('sub_dup', { status: 'active', currentPeriodEnd: null, cancelAtPeriodEnd: false, secret: 'x' });
    await store.saveSubscription(
      { id: 'sub_dup', userId: 'ada', status: 'active', currentPeriodEnd: null, cancelAtPeriodEnd: false, lastEventCreated: 0, supersededAt: clock.now() },
      clock.now(),
    );
    expect(await premium.endSuperseded()).toBe(1);
    expect(store.subscriptions.get('sub_dup')!.status).toBe('canceled');
    expect(store.subscriptions.get('sub_1')!.status).toBe('active');
    expect(await premium.endSuperseded()).toBe(0);
  });
});
