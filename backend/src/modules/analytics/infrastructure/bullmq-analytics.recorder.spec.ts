import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { isId } from '../../../shared/ids.js';
import { PrometheusMetrics } from '../../../shared/metrics/prometheus.metrics.js';
import type { AnalyticsEventJob, JobData } from '../../../shared/queues/queue-definitions.js';
import { ControllableJobQueues, type AddCall } from '../../../shared/testing/controllable-job-queues.js';
import type { AnalyticsEvent, DeviceClass } from '../domain/analytics.js';
import { BullMqAnalyticsRecorder, MAX_HELD_EVENTS } from './bullmq-analytics.recorder.js';

const ALICE = 'a3c8e2d4-1111-4a6b-9c0d-00000000000a';
const SHOP = 'a3c8e2d4-1111-4a6b-9c0d-0000000000c1';
const AT = Date.UTC(2026, 2, 10, 12, 0, 0);
const DEVICES: Array<DeviceClass | null> = ['mobile', 'tablet', 'desktop', null];

/** The n-th visit: views and clicks of every shape, told apart by their time (n seconds after AT). */
const visit = (n: number): AnalyticsEvent => ({
  kind: n % 2 === 0 ? 'view' : 'click',
  ownerId: ALICE,
  linkId: n % 2 === 0 ? null : SHOP,
  occurredAt: new Date(AT + n * 1000),
  referrer: n % 3 === 0 ? 'news.ycombinator.com' : null,
  device: DEVICES[n % DEVICES.length] ?? null,
});
const numberOf = (job: AnalyticsEventJob) => (Date.parse(job.occurredAt) - AT) / 1000;
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

const setup = () => {
  const store = new ControllableJobQueues();
  const metrics = new PrometheusMetrics();
  return { store, metrics, recorder: new BullMqAnalyticsRecorder(store.asJobQueues(), metrics) };
};

/** A metric's one value as a scrape reads it. */
const scraped = async (metrics: PrometheusMetrics, name: string) => (await metrics.registry.getSingleMetric(name)!.get()).values[0]?.value;

/** Records visits `from`…`from + count - 1` in the current turn; the answer counts the visitors answered so far. */
const record = (recorder: BullMqAnalyticsRecorder, from: number, count: number) => {
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

const eventsOf = (call: AddCall | undefined): AnalyticsEventJob[] => {
  expect(call).toMatchObject({ queue: 'analytics', name: 'events' });
  return (call?.data as JobData<'analytics', 'events'>).events;
};
/** The visits the store accepted, by number and in order, each as often as it was queued. */
const queuedVisits = (store: ControllableJobQueues) =>
  store
    .accepted()
    .flatMap(eventsOf)
    .map(numberOf)
    .sort((a, b) => a - b);
const batchOf = (call: AddCall | undefined) => (call?.data as JobData<'analytics', 'events'>).batch;
/** Each batch the store accepted, by its id: the events it carries, by number. */
const acceptedBatches = (store: ControllableJobQueues) => store.accepted().map((call) => ({ id: batchOf(call), visits: eventsOf(call).map(numberOf) }));
/** Every batch is queued under its own id, and a batch tried again carries the same id and events. */
const expectBatchesIntact = (store: ControllableJobQueues) => {
  const byId = new Map<string, number[]>();
  for (const call of store.calls) {
    const id = batchOf(call)!;
    expect(isId(id)).toBe(true);
    expect(call.options?.jobId).toBe(id);
    const visits = eventsOf(call).map(numberOf);
    expect(byId.get(id) ?? visits).toEqual(visits);
    byId.set(id, visits);
  }
  const accepted = acceptedBatches(store).map((batch) => batch.id);
  expect(new Set(accepted).size).toBe(accepted.length);
};

/** Runs the shutdown hook; the answer says whether it has returned yet. */
const shutDown = (recorder: BullMqAnalyticsRecorder) => {
  const shutdown = { done: false };
  void recorder.beforeApplicationShutdown().then(() => (shutdown.done = true));
  return shutdown;
};

describe('BullMqAnalyticsRecorder', () => {
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
    const events = eventsOf(store.calls[0]);
    expect(events).toEqual(
      range(0, 30).map((n) => ({
        kind: visit(n).kind,
        ownerId: ALICE,
        linkId: visit(n).linkId,
        occurredAt: visit(n).occurredAt.toISOString(),
        referrerHost: visit(n).referrer,
        device: visit(n).device,
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

  it("queues later turns' events without waiting for the jobs in flight, four jobs at most", async () => {
    const { store, recorder } = setup();
    store.answer = 'hold';

    const turns = [];
    for (const turn of range(0, 5)) {
      turns.push(record(recorder, turn * 2, 2));
      await nextTurn();
    }

    expect(store.calls.map((call) => eventsOf(call).map(numberOf))).toEqual([
      [0, 1],
      [2, 3],
      [4, 5],
      [6, 7],
    ]);
    expect(recorder.backlog()).toEqual({ held: 10, dropped: 0 });

    store.calls[1]?.accept();
    await nextTurn();

    expect(turns.map((visitors) => visitors.answered)).toEqual([0, 2, 0, 0, 0]);
    expect(eventsOf(store.calls[4]).map(numberOf)).toEqual([8, 9]);

    for (const call of store.pending()) call.accept();
    await nextTurn();

    expect(turns.map((visitors) => visitors.answered)).toEqual([2, 2, 2, 2, 2]);
    expect(store.calls).toHaveLength(5);
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

  it('queues every event exactly once when one of several jobs in flight fails', async () => {
    const { store, recorder } = setup();
    store.answerNext('hold', 'fail');

    const first = record(recorder, 0, 3);
    await nextTurn();
    const second = record(recorder, 3, 3);
    await nextTurn();

    expect(store.calls.map((call) => call.state)).toEqual(['pending', 'failed']);
    expect([first.answered, second.answered]).toEqual([3, 3]);
    expect(recorder.backlog()).toEqual({ held: 6, dropped: 0 });

    store.calls[0]?.accept();
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

    // Recorded while the first job hangs: answered at once, and queued in a job of their own.
    const meanwhile = record(recorder, 3, 2);
    await nextTurn();

    expect(meanwhile).toEqual({ answered: 2, failed: 0 });
    expect(queuedVisits(store)).toEqual([3, 4]);
    expect(recorder.backlog()).toEqual({ held: 3, dropped: 0 });

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

  it('queues what is held as soon as another job goes through, without waiting for the retry, and answers visitors in time', async () => {
    const { store, recorder } = setup();
    store.answerNext('hold', 'fail', 'fail');

    record(recorder, 0, 1);
    await nextTurn();
    record(recorder, 1, 1);
    await nextTurn(); // the second job fails: a retry comes 200 ms later
    await wait(200); // …and fails again: the next retry comes 400 ms later
    store.calls[0]?.accept(); // while the first job goes through
    await nextTurn();

    // The failed job's event is queued at once, not after the backed-off retry (400 ms).
    expect(store.calls.map((call) => call.state)).toEqual(['accepted', 'failed', 'failed', 'accepted']);
    expect(queuedVisits(store)).toEqual([0, 1]);

    const visitor = record(recorder, 2, 1);
    await wait(260);

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
