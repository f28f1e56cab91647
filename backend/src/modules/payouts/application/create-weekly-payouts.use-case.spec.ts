import { Logger } from '@nestjs/common';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import type { Payout } from '../domain/payout.js';
import { ImmediateTransactions } from '../../../shared/testing/immediate.transactions.js';
import { InMemoryCarryoverStore } from '../testing/in-memory-carryover.store.js';
import { InMemoryPayoutStore } from '../testing/in-memory-payout.store.js';
import { RecordingPayoutJobs } from '../testing/recording-payout.jobs.js';
import { CreateWeeklyPayoutsUseCase } from './create-weekly-payouts.use-case.js';

/** Monday 00:00:05 UTC, when the scheduler's weekly run starts: 2026-W47 (16–22 November) has just ended. */
const MONDAY_RUN = '2026-11-23T00:00:05.000Z';

const setup = (now = MONDAY_RUN, store = new InMemoryPayoutStore()) => {
  const jobs = new RecordingPayoutJobs();
  const clock = new FixedClock(now);
  const carryovers = new InMemoryCarryoverStore((id) => store.usernameOf(id));
  return {
    store,
    carryovers,
    jobs,
    clock,
    create: new CreateWeeklyPayoutsUseCase(store, carryovers, jobs, new ImmediateTransactions(), clock),
  };
};

const summary = (p: Payout) => ({
  week: p.week,
  amount: p.amount,
  method: p.method,
  destination: p.destination,
  status: p.status,
});

describe('CreateWeeklyPayoutsUseCase', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('pays the week that ended at the run’s time: Sunday 23:59:59.999 is in it, Monday 00:00 waits for the next', async () => {
    const { store, create } = setup();
    const alice = store.addCreator({ paypalEmail: 'alice@example.com' });
    const inWeek = store.addEntry(alice.id, 2550, '2026-11-22T23:59:59.999Z');
    const first = store.addEntry(alice.id, 1000, '2026-11-16T00:00:00.000Z');
    const nextWeek = store.addEntry(alice.id, 700, '2026-11-23T00:00:00.000Z');

    const run = await create.execute();

    expect(run.week.label).toBe('2026-W47');
    expect(run.created.map(summary)).toEqual([
      { week: '2026-W47', amount: 3550, method: 'paypal', destination: 'alice@example.com', status: 'pending' },
    ]);
    const payoutId = run.created[0]!.id;
    expect(store.entriesOf(alice.id).map((e) => [e.id, e.payoutId])).toEqual([
      [inWeek.id, payoutId],
      [first.id, payoutId],
      [nextWeek.id, null],
    ]);
  });

  it('includes earlier earnings not paid out yet (catch-up) in the week’s one payout', async () => {
    const { store, create } = setup();
    const bob = store.addCreator({ cashappHandle: 'bob_cash' });
    store.addEntry(bob.id, 1200, '2026-10-01T10:00:00Z');
    store.addEntry(bob.id, 800, '2026-11-20T10:00:00Z');

    const run = await create.execute('2026-W47');

    expect(run.created.map(summary)).toEqual([
      { week: '2026-W47', amount: 2000, method: 'cashapp', destination: 'bob_cash', status: 'pending' },
    ]);
    expect(store.entriesOf(bob.id).every((e) => e.payoutId === run.created[0]!.id)).toBe(true);
  });

  it('chooses PayPal over CashApp, and holds the payout of a creator with neither (not queued)', async () => {
    const { store, jobs, create } = setup();
    const both = store.addCreator({ username: 'both', paypalEmail: 'both@example.com', cashappHandle: 'both_cash' });
    const cash = store.addCreator({ username: 'cash', cashappHandle: 'cash_only' });
    const none = store.addCreator({ username: 'none' });
    for (const creator of [both, cash, none]) store.addEntry(creator.id, 500, '2026-11-18T12:00:00Z');

    const { created } = await create.execute();

    const byCreator = new Map(created.map((p) => [p.creatorId, p]));
    expect(byCreator.get(both.id)).toMatchObject({
      method: 'paypal',
      destination: 'both@example.com',
      status: 'pending',
    });
    expect(byCreator.get(cash.id)).toMatchObject({ method: 'cashapp', destination: 'cash_only', status: 'pending' });
    expect(byCreator.get(none.id)).toMatchObject({ method: null, destination: null, status: 'on_hold' });
    expect(jobs.sent.sort()).toEqual([byCreator.get(both.id)!.id, byCreator.get(cash.id)!.id].sort());
  });

  it('holds the payout of a creator whose e-mail address is not confirmed, whatever their details (not queued)', async () => {
    const { store, jobs, create } = setup();
    const unconfirmed = store.addCreator({ paypalEmail: 'pay@example.com', emailVerified: false });
    store.addEntry(unconfirmed.id, 500, '2026-11-18T12:00:00Z');

    const { created } = await create.execute();

    expect(created.map(summary)).toEqual([
      { week: '2026-W47', amount: 500, method: null, destination: null, status: 'on_hold' },
    ]);
    expect(jobs.sent).toEqual([]);
  });

  it('makes one payout per creator per week however often it runs', async () => {
    const { store, jobs, create } = setup();
    const alice = store.addCreator({ paypalEmail: 'alice@example.com' });
    store.addEntry(alice.id, 2550, '2026-11-18T12:00:00Z');

    const first = await create.execute();
    const second = await create.execute();
    const third = await create.execute('2026-W47');

    expect(first.created).toHaveLength(1);
    expect(second.created).toEqual([]);
    expect(third.created).toEqual([]);
    expect(store.all()).toHaveLength(1);
    expect(jobs.sent).toEqual([first.created[0]!.id]);
  });

  it('leaves earnings that turn up after the week’s payout was made for the next week', async () => {
    const { store, clock, create } = setup();
    const alice = store.addCreator({ paypalEmail: 'alice@example.com' });
    store.addEntry(alice.id, 1000, '2026-11-18T12:00:00Z');
    await create.execute();
    const late = store.addEntry(alice.id, 300, '2026-11-22T23:59:59.000Z'); // committed after the run

    expect((await create.execute()).created).toEqual([]);
    expect(store.entriesOf(alice.id).find((e) => e.id === late.id)?.payoutId).toBeNull();

    clock.set('2026-11-30T00:00:05Z');
    const next = await create.execute();
    expect(next.created.map(summary)).toEqual([
      { week: '2026-W48', amount: 300, method: 'paypal', destination: 'alice@example.com', status: 'pending' },
    ]);
  });

  it('makes nothing for creators without earnings before the week’s end', async () => {
    const { store, create } = setup();
    const later = store.addCreator({ paypalEmail: 'later@example.com' });
    store.addEntry(later.id, 900, '2026-11-23T08:00:00Z');
    store.addCreator({ paypalEmail: 'idle@example.com' });

    expect((await create.execute()).created).toEqual([]);
    expect(store.all()).toEqual([]);
  });

  it('records and reports each creator whose week nets zero or less (carried over), once however often it runs', async () => {
    const { store, carryovers, jobs, create } = setup();
    const owing = store.addCreator({ paypalEmail: 'owing@example.com' });
    const even = store.addCreator({ cashappHandle: 'even_cash' });
    const paid = store.addCreator({ paypalEmail: 'paid@example.com' });
    store.addEntry(owing.id, 500, '2026-11-18T12:00:00Z');
    store.addEntry(owing.id, -800, '2026-11-19T12:00:00Z'); // a refund of a booking paid out earlier
    store.addEntry(even.id, 700, '2026-11-18T12:00:00Z');
    store.addEntry(even.id, -700, '2026-11-20T12:00:00Z');
    store.addEntry(paid.id, 1000, '2026-11-18T12:00:00Z');

    const first = await create.execute();
    const second = await create.execute('2026-W47');

    expect(first.created.map((p) => p.creatorId)).toEqual([paid.id]);
    const carried = (run: typeof first) =>
      run.carried.map((c) => [c.creatorId, c.week, c.amount]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    const expected = [
      [owing.id, '2026-W47', -300],
      [even.id, '2026-W47', 0],
    ].sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(carried(first)).toEqual(expected);
    expect(carried(second)).toEqual(expected);
    expect(carryovers.all()).toHaveLength(2);
    expect((await carryovers.forOperators('2026-W47', [owing.id, even.id])).map((c) => c.amount).sort((x, y) => x - y)).toEqual([-300, 0]);
    expect(store.entriesOf(owing.id).map((e) => e.payoutId)).toEqual([null, null]);
    expect(jobs.sent).toEqual([first.created[0]!.id]);
  });

  it.each([
    [
      '2026-W48',
      '2026-W48 has not ended yet: it ends 2026-11-30T00:00:00.000Z; payouts are made for weeks that have ended',
    ],
    ['2025-W53', '2025 has 52 ISO weeks, from 2025-W01 to 2025-W52'],
    ['last week', '"last week" is not an ISO week: write it like 2026-W47 (year, "-W", two-digit week)'],
  ])('refuses the week %s and stores nothing', async (week, message) => {
    const { store, create } = setup();
    const alice = store.addCreator({ paypalEmail: 'alice@example.com' });
    store.addEntry(alice.id, 1000, '2026-11-18T12:00:00Z');

    await expect(create.execute(week)).rejects.toEqual(aDomainError('invalid', message));
    expect(store.all()).toEqual([]);
  });

  it('keeps the payout when the queue is away (the hourly sweep queues it later)', async () => {
    const { store, jobs, create } = setup();
    const alice = store.addCreator({ paypalEmail: 'alice@example.com' });
    store.addEntry(alice.id, 1000, '2026-11-18T12:00:00Z');
    jobs.failing = true;

    const run = await create.execute();

    expect(run.created).toHaveLength(1);
    expect(store.all().map((p) => p.status)).toEqual(['pending']);
  });

  it('pays the other creators when one fails, then fails the run so it is retried', async () => {
    class FlakyStore extends InMemoryPayoutStore {
      broken = '';
      override insert(payout: Payout): Promise<boolean> {
        return payout.creatorId === this.broken ? Promise.reject(new Error('disk full')) : super.insert(payout);
      }
    }
    const store = new FlakyStore();
    const { create } = setup(MONDAY_RUN, store);
    const ok = store.addCreator({ paypalEmail: 'ok@example.com' });
    const broken = store.addCreator({ paypalEmail: 'broken@example.com' });
    store.broken = broken.id;
    store.addEntry(ok.id, 1000, '2026-11-18T12:00:00Z');
    store.addEntry(broken.id, 1000, '2026-11-18T12:00:00Z');

    await expect(create.execute()).rejects.toThrow(`Payouts of 2026-W47 failed for 1 creator(s): ${broken.id}`);
    expect(store.all().map((p) => p.creatorId)).toEqual([ok.id]);
    expect(store.entriesOf(broken.id).map((e) => e.payoutId)).toEqual([null]);

    store.broken = '';
    expect((await create.execute()).created.map((p) => p.creatorId)).toEqual([broken.id]);
  });
});
