import { Logger } from '@nestjs/common';
import { newId } from '../../../shared/ids.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { parseIsoWeek } from '../domain/iso-week.js';
import { dispatched, openPayout, type Payout, type PayoutDetails } from '../domain/payout.js';
import { FakePayoutGateway } from '../testing/fake-payout.gateway.js';
import { ImmediateTransactions } from '../../../shared/testing/immediate.transactions.js';
import { InMemoryPayoutStore } from '../testing/in-memory-payout.store.js';
import { RecordingPayoutJobs } from '../testing/recording-payout.jobs.js';
import { PayoutGateways } from './ports/payout-gateway.js';
import { InMemoryPayoutOutbox } from '../testing/in-memory-payout.outbox.js';
import { PayoutNotices } from './payout-notices.service.js';
import { ReleaseHeldPayoutsUseCase, STALE_PENDING_MS } from './release-held-payouts.use-case.js';

const MADE = '2026-11-23T00:00:05.000Z';

const setup = (options: { paypalConfigured?: boolean } = {}) => {
  const store = new InMemoryPayoutStore();
  const paypal = new FakePayoutGateway();
  const jobs = new RecordingPayoutJobs();
  const clock = new FixedClock(MADE);
  const gateways = new PayoutGateways(options.paypalConfigured === false ? null : paypal, new FakePayoutGateway());
  const outbox = new InMemoryPayoutOutbox();
  const sweep = new ReleaseHeldPayoutsUseCase(store, gateways, jobs, new ImmediateTransactions(), clock, new PayoutNotices(store, outbox));

  const payout = async (details: Partial<PayoutDetails>, change: (p: Payout) => Payout = (p) => p) => {
    const creator = store.addCreator(details);
    const entry = store.addEntry(creator.id, 1000, '2026-11-18T12:00:00Z');
    const opened = openPayout({
      id: newId(),
      creatorId: creator.id,
      week: parseIsoWeek('2026-W47')!,
      amount: 1000,
      details: { paypalEmail: null, cashappHandle: null, emailVerified: true, ...details },
      now: clock.now(),
    });
    await store.insert(opened);
    await store.assignEntries(opened.id, [entry.id]);
    const changed = change(opened);
    if (changed !== opened) await store.update(changed, opened.status);
    return changed;
  };
  return { store, paypal, jobs, clock, sweep, payout, outbox };
};

describe('ReleaseHeldPayoutsUseCase', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('releases held payouts whose creator has since set details, and queues them', async () => {
    const { store, jobs, clock, sweep, payout } = setup();
    const held = await payout({});
    const stillHeld = await payout({});
    clock.advance(60_000);
    store.changeDetails(held.creatorId, { cashappHandle: 'late_cash' });

    expect(await sweep.execute()).toEqual({ released: 1, requeued: 0, settled: 0 });

    expect(await store.find(held.id)).toMatchObject({
      status: 'pending',
      method: 'cashapp',
      destination: 'late_cash',
      updatedAt: clock.now(),
    });
    expect((await store.find(stillHeld.id))?.status).toBe('on_hold');
    expect(jobs.sent).toEqual([held.id]);
  });

  it('releases a payout held for an unconfirmed e-mail address once the creator confirms it, and not before', async () => {
    const { store, jobs, sweep, payout } = setup();
    const held = await payout({ paypalEmail: 'pay@example.com', emailVerified: false });
    expect(held.status).toBe('on_hold');

    expect(await sweep.execute()).toEqual({ released: 0, requeued: 0, settled: 0 });
    store.changeDetails(held.creatorId, { emailVerified: true });
    expect(await sweep.execute()).toEqual({ released: 1, requeued: 0, settled: 0 });

    expect(await store.find(held.id)).toMatchObject({
      status: 'pending',
      method: 'paypal',
      destination: 'pay@example.com',
    });
    expect(jobs.sent).toEqual([held.id]);
  });

  it('prefers the PayPal e-mail when the creator set both', async () => {
    const { store, sweep, payout } = setup();
    const held = await payout({});
    store.changeDetails(held.creatorId, { paypalEmail: 'pay@example.com', cashappHandle: 'cash' });

    await sweep.execute();

    expect(await store.find(held.id)).toMatchObject({ method: 'paypal', destination: 'pay@example.com' });
  });

  it('queues again pending payouts left without a send job, once they are stale', async () => {
    const { jobs, clock, sweep, payout } = setup();
    const pending = await payout({ paypalEmail: 'pay@example.com' });

    expect((await sweep.execute()).requeued).toBe(0);
    clock.advance(STALE_PENDING_MS + 1);
    expect((await sweep.execute()).requeued).toBe(1);
    expect(jobs.sent).toEqual([pending.id]);
  });

  it('settles processing PayPal payouts from PayPal’s word: paid (with the ledger) or failed', async () => {
    const { store, paypal, clock, sweep, payout } = setup();
    const processing = (batch: string) => (p: Payout) =>
      dispatched(p, { status: 'processing', providerBatchId: batch }, clock.now());
    const toPay = await payout({ paypalEmail: 'a@example.com' }, processing('B-PAID'));
    const toFail = await payout({ paypalEmail: 'b@example.com' }, processing('B-DENIED'));
    const waiting = await payout({ paypalEmail: 'c@example.com' }, processing('B-PENDING'));
    paypal.states.set('B-PAID', { status: 'paid', providerBatchId: 'B-PAID' });
    paypal.states.set('B-DENIED', { status: 'failed', reason: 'PayPal batch B-DENIED ended DENIED' });
    clock.advance(3600_000);

    expect((await sweep.execute()).settled).toBe(2);

    expect(await store.find(toPay.id)).toMatchObject({ status: 'paid', paidAt: clock.now() });
    expect(store.entriesOf(toPay.creatorId).map((e) => e.paidOutAt)).toEqual([clock.now()]);
    expect(await store.find(toFail.id)).toMatchObject({
      status: 'failed',
      failureReason: 'PayPal batch B-DENIED ended DENIED',
    });
    expect((await store.find(waiting.id))?.status).toBe('processing');
    expect(store.entriesOf(toFail.creatorId).map((e) => e.paidOutAt)).toEqual([null]);
  });

  it('queues the paid notice once when PayPal reports a payout paid, even when it reports it twice', async () => {
    const { paypal, clock, sweep, payout, outbox } = setup();
    const toPay = await payout({ paypalEmail: 'a@example.com' }, (p) =>
      dispatched(p, { status: 'processing', providerBatchId: 'B-TWICE' }, clock.now()),
    );
    paypal.states.set('B-TWICE', { status: 'paid', providerBatchId: 'B-TWICE' });

    await sweep.execute();
    await sweep.execute();

    expect(outbox.queued.map((e) => e.dedupeKey)).toEqual([`payout:${toPay.id}:paid`]);
    expect(outbox.queued[0]!.text).toContain('Reference: B-TWICE');
  });

  it('tries again next hour when PayPal cannot be reached, and asks nothing when PayPal is not configured', async () => {
    const unreachable = setup();
    const p = await unreachable.payout({ paypalEmail: 'a@example.com' }, (x) =>
      dispatched(x, { status: 'processing', providerBatchId: 'B-1' }, new Date(MADE)),
    );
    unreachable.paypal.error = new Error('timeout');
    expect((await unreachable.sweep.execute()).settled).toBe(0);
    expect((await unreachable.store.find(p.id))?.status).toBe('processing');

    const unconfigured = setup({ paypalConfigured: false });
    await unconfigured.payout({ paypalEmail: 'a@example.com' }, (x) =>
      dispatched(x, { status: 'processing', providerBatchId: 'B-2' }, new Date(MADE)),
    );
    expect((await unconfigured.sweep.execute()).settled).toBe(0);
    expect(unconfigured.paypal.checks).toEqual([]);
  });
});
