import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { isId } from '../../../shared/ids.js';
import { PrometheusMetrics } from '../../../shared/metrics/prometheus.metrics.js';
import type { AnalyticsGroupJob } from '../../../shared/queues/queue-definitions.js';
import { ControllableJobQueues, type AddCall } from '../../../shared/testing/controllable-job-queues.js';
import { LISTED } from '../testing/country-lookup.contract.js';
import { InMemoryCountryLookup } from '../testing/in-memory-country-lookup.js';
import { InMemoryVisitorSalts } from '../testing/in-memory-visitor-salts.js';
import type { AnalyticsEvent, DeviceClass } from '../domain/analytics.js';
import { visitorHash } from '../domain/visitor-hash.js';
import { BatchingAnalyticsRecorder, MAX_HELD_EVENTS } from './batching-analytics.recorder.js';
import { QueuedEventHandOver } from './queued-event-hand-over.js';

const ALICE = 'a3c8e2d4-1111-4a6b-9c0d-00000000000a';
const SHOP = 'a3c8e2d4-1111-4a6b-9c0d-0000000000c1';
const AT = Date.UTC(2026, 2, 10, 12, 0, 0);
const DEVICES: Array<DeviceClass | null> = ['mobile', 'tablet', 'desktop', null];

/**
 * The n-th visit: views and clicks of every shape, each its own group (told apart by its campaign, `v{n}`),
 * n seconds after AT.
 */
const visit = (n: number): AnalyticsEvent => ({
  kind: n % 2 === 0 ? 'view' : 'click',
  ownerId: ALICE,
  linkId: n % 2 === 0 ? null : SHOP,
  occurredAt: new Date(AT + n * 1000),
  referrer: n % 3 === 0 ? 'news.ycombinator.com' : null,
  device: DEVICES[n % DEVICES.length] ?? null,
  source: { source: null, medium: null, campaign: `v${n}` },
});
/** The visits a group stands for, by number. */
const numbersOf = (group: AnalyticsGroupJob) =>
  Array.from({ length: group.count }, () => Number(group.campaign!.slice(1)));
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

const setup = () => {
  const store = new ControllableJobQueues();
  const metrics = new PrometheusMetrics();
  const salts = new InMemoryVisitorSalts();
  const countries = new InMemoryCountryLookup();
  countries.place(LISTED.ipv4.address, LISTED.ipv4.country);
  return {
    store,
    metrics,
    salts,
    recorder: new BatchingAnalyticsRecorder(new QueuedEventHandOver(store.asJobQueues()), metrics, salts, countries),
  };
};

/** A metric's one value as a scrape reads it. */
const scraped = async (metrics: PrometheusMetrics, name: string) =>
  (await metrics.registry.getSingleMetric(name)!.get()).values[0]?.value;

/** Records visits `from`…`from + count - 1` in the current turn; the answer counts the visitors answered so far. */
const record = (recorder: BatchingAnalyticsRecorder, from: number, count: number) => {
  const visitors = { answered: 0, failed: 0 };
  for (const n of range(from, count)) {
    recorder.record(visit(n)).then(
      () => (visitors.answered += 1),
      () => (visitors.failed += 1),
    );
  }
  return visitors;
};

/** Lets the event loop turn (the recorder queues a turn's events on the next one) without the clock moving. */
const nextTurn = () => jest.advanceTimersByTimeAsync(0);
const wait = (ms: number) => jest.advanceTimersByTimeAsync(ms);
/** Lets the batch made meanwhile go, once the one before is through. */
const nextBatch = () => wait(1);

const groupsOf = (call: AddCall | undefined): AnalyticsGroupJob[] => {
  expect(call).toMatchObject({ queue: 'analytics', name: 'events' });
  return (call?.data as { groups: AnalyticsGroupJob[] }).groups;
};
const visitsOf = (call: AddCall | undefined) => groupsOf(call).flatMap(numbersOf);
/** The visits the store accepted, by number and in order, each as often as it was queued. */
const queuedVisits = (store: ControllableJobQueues) =>
  store
    .accepted()
    .flatMap(visitsOf)
    .sort((a, b) => a - b);
const batchOf = (call: AddCall | undefined) => (call?.data as { batch: string }).batch;
/** Each batch the store accepted, by its id: the events it carries, by number. */
const acceptedBatches = (store: ControllableJobQueues) =>
  store.accepted().map((call) => ({ id: batchOf(call), visits: visitsOf(call) }));
/** Every batch is queued under its own id, and a batch tried again carries the same id and events. */
const expectBatchesIntact = (store: ControllableJobQueues) => {
  const byId = new Map<string, number[]>();
  for (const call of store.calls) {
    const id = batchOf(call)!;
    expect(isId(id)).toBe(true);
    expect(call.options?.jobId).toBe(id);
    const visits = visitsOf(call);
    expect(byId.get(id) ?? visits).toEqual(visits);
    byId.set(id, visits);
  }
  const accepted = acceptedBatches(store).map((batch) => batch.id);
  expect(new Set(accepted).size).toBe(accepted.length);
};

/** Runs the shutdown hook; the answer says whether it has returned yet. */
const shutDown = (recorder: BatchingAnalyticsRecorder) => {
  const shutdown = { done: false };
  void recorder.beforeApplicationShutdown().then(() => (shutdown.done = true));
  return shutdown;
};

describe('BatchingAnalyticsRecorder', () => {
  beforeAll(() => Logger.overrideLogger(false));
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.clearAllTimers();
    jest.useRealTimers();
  });

  it("queues one turn's events as one job and answers each visitor once that job is queued", async () => {
    const { store, recorder } = setup();
    store.answerNext('hold');

    const visitors = record(recorder, 0, 30);
    await nextTurn();

    expect(store.calls).toHaveLength(1);
    expect(groupsOf(store.calls[0])).toEqual(
      range(0, 30).map((n) => ({
        kind: visit(n).kind,
        ownerId: ALICE,
        linkId: visit(n).linkId,
        day: '2026-03-10',
        referrer: visit(n).referrer,
        device: visit(n).device,
        source: null,
        medium: null,
        campaign: `v${n}`,
        country: 'unknown',
        count: 1,
        visitors: [],
        firstAt: AT + n * 1000,
      })),
    );
    expect(isId(batchOf(store.calls[0])!)).toBe(true);
    expect(visitors.answered).toBe(0);
    expect(recorder.backlog()).toEqual({ held: 30, dropped: 0 });

    store.calls[0]?.accept();
    await nextTurn();

    expect(visitors).toEqual({ answered: 30, failed: 0 });
    expect(store.calls).toHaveLength(1);
    expect(recorder.backlog()).toEqual({ held: 0, dropped: 0 });
  });

  it('counts alike views together, with each visitor hash once a day, a new one the next day, and no address or agent in the job', async () => {
    const { store, recorder, salts } = setup();
    const agents = ['Mozilla/5.0 (iPhone) Mobile', 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0'];
    const view = (at: number, address: string, userAgent: string): AnalyticsEvent => ({
      kind: 'view',
      ownerId: ALICE,
      linkId: null,
      occurredAt: new Date(at),
      referrer: null,
      device: 'mobile',
      source: { source: 'newsletter', medium: 'email', campaign: 'spring' },
      visitor: { address, userAgent },
    });
    const day = (at: number) =>
      Promise.all([
        ...range(0, 4).map(() => recorder.record(view(at, LISTED.ipv4.address, agents[0]!))),
        ...range(0, 4).map(() => recorder.record(view(at + 1, '10.1.2.3', agents[1]!))),
      ]);

    const first = day(AT);
    await nextBatch();
    store.calls[0]?.accept();
    await first;
    const second = day(AT + 3600_000);
    await nextBatch();
    store.calls[1]?.accept();
    await second;
    const nextDay = AT + 24 * 3600_000;
    const third = day(nextDay);
    await nextBatch();
    store.calls[2]?.accept();
    await third;

    const [today, later, tomorrow] = store.calls.map(groupsOf);
    const salt = salts.salts.get('2026-03-10')!;
    expect(
      today!.map(({ country, count, visitors, source, medium, campaign }) => ({
        country,
        count,
        visitors,
        source,
        medium,
        campaign,
      })),
    ).toEqual([
      {
        country: 'NL',
        count: 4,
        visitors: [visitorHash(salt, ALICE, LISTED.ipv4.address, agents[0]!)],
        source: 'newsletter',
        medium: 'email',
        campaign: 'spring',
      },
      {
        country: 'unknown',
        count: 4,
        visitors: [visitorHash(salt, ALICE, '10.1.2.3', agents[1]!)],
        source: 'newsletter',
        medium: 'email',
        campaign: 'spring',
      },
    ]);
    // Sent once a day: the same visitors later that day count as views only.
    expect(later!.map(({ count, visitors }) => ({ count, visitors }))).toEqual([
      { count: 4, visitors: [] },
      { count: 4, visitors: [] },
    ]);
    // The next day has a salt of its own: the same visitors have other hashes.
    const nextSalt = salts.salts.get('2026-03-11')!;
    expect(nextSalt.equals(salt)).toBe(false);
    expect(tomorrow!.map(({ day, visitors }) => ({ day, visitors }))).toEqual([
      { day: '2026-03-11', visitors: [visitorHash(nextSalt, ALICE, LISTED.ipv4.address, agents[0]!)] },
      { day: '2026-03-11', visitors: [visitorHash(nextSalt, ALICE, '10.1.2.3', agents[1]!)] },
    ]);
    expect(tomorrow![0]!.visitors[0]).not.toBe(today![0]!.visitors[0]);
    const jobs = JSON.stringify(store.calls.map((call) => call.data));
    for (const secret of [LISTED.ipv4.address, '10.1.2.3', ...agents, salt.toString('hex'), salt.toString('base64')]) {
      expect(jobs).not.toContain(secret);
    }
  });

  it('counts visitors without a hash while the salt cannot be read, and with one once it can', async () => {
    const { store, recorder, salts } = setup();
    store.answer = 'accept';
    let away = true;
    const saltOf = salts.saltOf.bind(salts);
    salts.saltOf = (day: string) => {
      if (away) throw new Error('connection refused');
      return saltOf(day);
    };
    const event = { ...visit(0), visitor: { address: LISTED.ipv4.address, userAgent: 'Mozilla/5.0' } };

    await Promise.all([recorder.record(event), nextBatch()]);
    away = false;
    await Promise.all([recorder.record(event), nextBatch()]);

    expect(
      store.calls.map((call) => groupsOf(call).map(({ count, visitors }) => ({ count, visitors: visitors.length }))),
    ).toEqual([[{ count: 1, visitors: 0 }], [{ count: 1, visitors: 1 }]]);
  });

  it('queues one job at a time: what comes meanwhile makes the next batch, one job however many turns it took', async () => {
    const { store, recorder } = setup();
    store.answer = 'hold';

    const turns = [];
    for (const turn of range(0, 5)) {
      turns.push(record(recorder, turn * 2, 2));
      await nextTurn();
    }

    expect(store.calls.map(visitsOf)).toEqual([[0, 1]]);
    expect(recorder.backlog()).toEqual({ held: 10, dropped: 0 });

    store.calls[0]?.accept();
    await nextBatch();

    expect(turns.map((visitors) => visitors.answered)).toEqual([2, 0, 0, 0, 0]);
    expect(store.calls.map(visitsOf)).toEqual([[0, 1], range(2, 8)]);

    store.calls[1]?.accept();
    await nextTurn();

    expect(turns.map((visitors) => visitors.answered)).toEqual([2, 2, 2, 2, 2]);
    expect(store.calls).toHaveLength(2);
    expect(queuedVisits(store)).toEqual(range(0, 10));
    expect(recorder.backlog()).toEqual({ held: 0, dropped: 0 });
  });

  it('answers visitors when the store fails, holds their events and queues each exactly once when it answers again', async () => {
    const { store, recorder } = setup();
    store.answerNext('fail');

    const first = record(recorder, 0, 10);
    await nextTurn();

    expect(store.calls.map((call) => call.state)).toEqual(['failed']);
    expect(first).toEqual({ answered: 10, failed: 0 });
    expect(recorder.backlog()).toEqual({ held: 10, dropped: 0 });

    const meanwhile = record(recorder, 10, 5);
    await nextTurn();

    expect(meanwhile).toEqual({ answered: 5, failed: 0 });
    expect(recorder.backlog()).toEqual({ held: 15, dropped: 0 });

    await wait(5_000);

    expect(queuedVisits(store)).toEqual(range(0, 15));
    expectBatchesIntact(store);
    // The failed batch went again as it was; what came meanwhile went in a batch of its own.
    expect(acceptedBatches(store).map((batch) => batch.visits)).toEqual([range(0, 10), range(10, 5)]);
    expect(batchOf(store.accepted()[0])).toBe(batchOf(store.calls[0]));
    expect(recorder.backlog()).toEqual({ held: 0, dropped: 0 });
  });

  it('queues every event exactly once when the batch after a held one fails', async () => {
    const { store, recorder } = setup();
    store.answerNext('hold', 'fail');

    const first = record(recorder, 0, 3);
    await nextTurn();
    const second = record(recorder, 3, 3);
    await nextTurn();

    expect(store.calls.map((call) => call.state)).toEqual(['pending']);
    expect([first.answered, second.answered]).toEqual([0, 0]);

    store.calls[0]?.accept();
    await nextBatch();

    expect(store.calls.map((call) => call.state)).toEqual(['accepted', 'failed']);
    expect([first.answered, second.answered]).toEqual([3, 3]);
    expect(recorder.backlog()).toEqual({ held: 3, dropped: 0 });

    await wait(5_000);

    expect(queuedVisits(store)).toEqual(range(0, 6));
    expectBatchesIntact(store);
    expect(recorder.backlog()).toEqual({ held: 0, dropped: 0 });
  });

  it('answers visitors after 250 ms when the store does not, and queues their events once it does', async () => {
    const { store, recorder } = setup();
    store.answerNext('hold');

    const slow = record(recorder, 0, 3);
    await nextTurn();
    await wait(200);

    expect(slow.answered).toBe(0);

    await wait(60);

    expect(slow).toEqual({ answered: 3, failed: 0 });
    expect(recorder.backlog()).toEqual({ held: 3, dropped: 0 });

    // Recorded while the first job hangs: answered at once, and queued in a batch of their own once it is through.
    const meanwhile = record(recorder, 3, 2);
    await nextTurn();

    expect(meanwhile).toEqual({ answered: 2, failed: 0 });
    expect(store.calls).toHaveLength(1);
    expect(recorder.backlog()).toEqual({ held: 5, dropped: 0 });

    store.calls[0]?.accept();
    await wait(5_000);

    expect(queuedVisits(store)).toEqual(range(0, 5));
    expectBatchesIntact(store);
    expect(recorder.backlog()).toEqual({ held: 0, dropped: 0 });
  });

  it('still queues events when a job it sent never gets an answer', async () => {
    const { store, recorder } = setup();
    store.answerNext('hold');

    const lost = record(recorder, 0, 3);
    await nextTurn();
    await wait(260);

    expect(lost).toEqual({ answered: 3, failed: 0 });
    expect(recorder.backlog().held).toBe(3);

    const later = record(recorder, 3, 2);
    await wait(10_000);

    expect(later).toEqual({ answered: 2, failed: 0 });
    // The store answers every add but the first: what was recorded after it, and what it carried, gets queued.
    expect(queuedVisits(store)).toEqual(expect.arrayContaining([3, 4]));
    expect(queuedVisits(store)).toEqual(range(0, 5));
    // The job that got no answer went again under the same id: had it arrived after all, it counts once.
    expectBatchesIntact(store);
  });

  it('retries a failed batch with growing pauses, answering visitors at once meanwhile, and queues all once through', async () => {
    const { store, recorder } = setup();
    store.answerNext('fail', 'fail');

    record(recorder, 0, 1);
    await nextTurn(); // fails: a retry comes 200 ms later
    const meanwhile = record(recorder, 1, 1);
    await nextTurn();

    expect(meanwhile).toEqual({ answered: 1, failed: 0 });
    expect(store.calls.map((call) => call.state)).toEqual(['failed']);

    await wait(200); // …and fails again: the next retry comes 400 ms later
    expect(store.calls.map((call) => call.state)).toEqual(['failed', 'failed']);
    await wait(399);
    expect(store.calls).toHaveLength(2);
    await wait(1); // the failed batch goes through, then the one made meanwhile
    await wait(10);

    expect(store.calls.map(visitsOf)).toEqual([[0], [0], [0], [1]]);
    expect(queuedVisits(store)).toEqual([0, 1]);
    expectBatchesIntact(store);

    const visitor = record(recorder, 2, 1);
    await nextTurn();

    expect(visitor).toEqual({ answered: 1, failed: 0 });
    expect(queuedVisits(store)).toEqual([0, 1, 2]);
  });

  it('counts what overflows MAX_HELD_EVENTS as dropped, holding no more and failing no one', async () => {
    const { store, recorder, metrics } = setup();
    store.answer = 'fail';

    const visitors = record(recorder, 0, 1);
    await nextTurn();
    const more = record(recorder, 1, MAX_HELD_EVENTS + 24);
    await nextTurn();

    expect(visitors).toEqual({ answered: 1, failed: 0 });
    expect(more).toEqual({ answered: MAX_HELD_EVENTS + 24, failed: 0 });
    expect(recorder.backlog()).toEqual({ held: MAX_HELD_EVENTS, dropped: 25 });
    expect(await scraped(metrics, 'linkbio_analytics_events_held')).toBe(MAX_HELD_EVENTS);
    expect(await scraped(metrics, 'linkbio_analytics_events_dropped_total')).toBe(25);
    expect(await scraped(metrics, 'linkbio_analytics_events_queued_total')).toBe(0);

    store.answer = 'accept';
    await wait(5_000);

    // The oldest are kept: the 25 recorded while the buffer was full are the ones dropped.
    expect(queuedVisits(store)).toEqual(range(0, MAX_HELD_EVENTS));
    expect(recorder.backlog()).toEqual({ held: 0, dropped: 25 });
    expect(await scraped(metrics, 'linkbio_analytics_events_held')).toBe(0);
    expect(await scraped(metrics, 'linkbio_analytics_events_dropped_total')).toBe(25);
    expect(await scraped(metrics, 'linkbio_analytics_events_queued_total')).toBe(MAX_HELD_EVENTS);
  });

  it('queues what is held at shutdown when the store answers, leaving no timer behind', async () => {
    const { store, recorder } = setup();
    store.answerNext('fail');
    record(recorder, 0, 4);
    await nextTurn();
    expect(recorder.backlog()).toEqual({ held: 4, dropped: 0 });

    const shutdown = shutDown(recorder);
    await wait(100);

    expect(shutdown.done).toBe(true);
    expect(queuedVisits(store)).toEqual(range(0, 4));
    expect(recorder.backlog()).toEqual({ held: 0, dropped: 0 });
    expect(jest.getTimerCount()).toBe(0);
  });

  it('waits at shutdown for the jobs in flight', async () => {
    const { store, recorder } = setup();
    store.answerNext('hold');
    record(recorder, 0, 2);
    await nextTurn();

    const shutdown = shutDown(recorder);
    await wait(1_000);

    expect(shutdown.done).toBe(false);

    store.calls[0]?.accept();
    await wait(100);

    expect(shutdown.done).toBe(true);
    expect(queuedVisits(store)).toEqual([0, 1]);
    expect(recorder.backlog()).toEqual({ held: 0, dropped: 0 });
  });

  it('gives up at shutdown after 5 s when a job in flight gets no answer', async () => {
    const { store, recorder } = setup();
    store.answer = 'hold';
    record(recorder, 0, 2);
    await nextTurn();

    const shutdown = shutDown(recorder);
    await wait(4_900);

    expect(shutdown.done).toBe(false);

    await wait(200);

    expect(shutdown.done).toBe(true);
    expect(recorder.backlog()).toEqual({ held: 2, dropped: 0 });
  });

  it('gives up at shutdown after 5 s when the store stops answering while events are held', async () => {
    const { store, recorder } = setup();
    store.answerNext('fail');
    store.answer = 'hold';
    record(recorder, 0, 2);
    await nextTurn();
    expect(recorder.backlog()).toEqual({ held: 2, dropped: 0 });

    const shutdown = shutDown(recorder);
    await wait(5_100);

    expect(store.calls.length).toBeGreaterThan(1);
    expect(shutdown.done).toBe(true);
    expect(recorder.backlog()).toEqual({ held: 2, dropped: 0 });
  });
});
