import { Redis } from 'ioredis';
import type { Env } from '../src/config/env.js';
import { JobQueues } from '../src/shared/queues/job-queues.js';
import { JobSchedules } from '../src/shared/queues/job-schedules.js';
import { QUEUE_NAMES, SCHEDULES, type QueueName } from '../src/shared/queues/queue-definitions.js';
import { migrateQueueSchema } from '../src/shared/queues/queue-connection.js';
import { testEnv, unique } from './support/harness.js';

/*
 * Issue 25: the schedules come back whatever part of their keys the queue store lost. A BullMQ schedule is
 * the scheduler's entry in the queue's `repeat` set, its hash `repeat:{id}`, and its next run: the job hash
 * `repeat:{id}:{millis}` and its entry in the delayed list. For each kind of key (and several, and all), the
 * keys of every schedule are deleted and the worker's recovery run (JobSchedules.restoreMissing, which the
 * worker calls every WORKER_SCHEDULES_CHECK_MS): each schedule is held again, with exactly one run to come,
 * and a second check finds nothing to do (no error every minute, as when the run's id blocked it).
 * On Redis, on queues of this file's own (a key prefix); and the same recovery on the PostgreSQL queue backend
 * (REDIS_URL unset), which loses no part of a schedule but may lose it whole.
 */
const redisUrl = process.env.REDIS_URL;
const ALL_QUEUES = new Set<QueueName>(SCHEDULES.map((schedule) => schedule.queue));
const SCHEDULE_IDS = SCHEDULES.map((schedule) => schedule.id);

type Schedule = (typeof SCHEDULES)[number];
/** What a deletion is given: the Redis client, a queue's key, and the schedule's current run (id and millis). */
interface Keys {
  redis: Redis;
  key: (queue: string, type: string) => string;
  schedule: Schedule;
  run: string;
}

/** A run is in the delayed list, or in the wait list when due (the first run of an `every` schedule is due at once). */
const loseListEntry = ({ redis, key, schedule, run }: Keys) =>
  Promise.all([redis.zrem(key(schedule.queue, 'delayed'), run), redis.lrem(key(schedule.queue, 'wait'), 0, run)]);

/** Each schedule's scheduler and run as the queue store holds them; every run to come, by schedule. */
async function held(queues: JobQueues) {
  const runs = new Map<string, string[]>();
  for (const queue of QUEUE_NAMES) {
    for (const job of await queues.queue(queue).getJobs(['delayed', 'wait', 'prioritized', 'active'])) {
      const [, id] = job.id!.split(':');
      runs.set(id!, [...(runs.get(id!) ?? []), job.id!]);
    }
  }
  const current = new Map<string, string>();
  for (const schedule of SCHEDULES) {
    const scheduler = await queues.queue(schedule.queue).getJobScheduler(schedule.id);
    expect(scheduler).toMatchObject({ key: schedule.id, name: schedule.job });
    current.set(schedule.id, `repeat:${schedule.id}:${scheduler!.next}`);
  }
  return { runs, current };
}

async function expectEveryScheduleHeldOnce(queues: JobQueues, schedules: JobSchedules) {
  expect(await schedules.missing()).toEqual([]);
  const { runs, current } = await held(queues);
  // Exactly one run to come per schedule, the one its scheduler points at; no other job in the queues.
  expect(Object.fromEntries(runs)).toEqual(Object.fromEntries(SCHEDULE_IDS.map((id) => [id, [current.get(id)]])));
  for (const schedule of SCHEDULES) {
    const job = await queues.queue(schedule.queue).getJob(current.get(schedule.id)!);
    expect(['delayed', 'waiting']).toContain(await job!.getState());
  }
}

const LOSSES: Array<[string, (keys: Keys) => Promise<unknown>]> = [
  [
    "the scheduler's entry in the repeat set",
    ({ redis, key, schedule }) => redis.zrem(key(schedule.queue, 'repeat'), schedule.id),
  ],
  ["the scheduler's hash", ({ redis, key, schedule }) => redis.del(key(schedule.queue, `repeat:${schedule.id}`))],
  ["the next run's job hash", ({ redis, key, schedule, run }) => redis.del(key(schedule.queue, run))],
  ["the next run's entry in its list", (keys) => loseListEntry(keys)],
  [
    "the scheduler's entry and hash, the next run kept (the reported case)",
    ({ redis, key, schedule }) =>
      Promise.all([
        redis.zrem(key(schedule.queue, 'repeat'), schedule.id),
        redis.del(key(schedule.queue, `repeat:${schedule.id}`)),
      ]),
  ],
  [
    "the scheduler's entry and the run's list entry, the run's hash kept",
    (keys) =>
      Promise.all([keys.redis.zrem(keys.key(keys.schedule.queue, 'repeat'), keys.schedule.id), loseListEntry(keys)]),
  ],
  [
    "the scheduler's hash and the run's hash",
    ({ redis, key, schedule, run }) =>
      Promise.all([redis.del(key(schedule.queue, `repeat:${schedule.id}`)), redis.del(key(schedule.queue, run))]),
  ],
];

describe('schedules recreated whatever part of the queue store was lost (Redis)', () => {
  let env: Env;
  let queues: JobQueues;
  let schedules: JobSchedules;
  let redis: Redis;
  const prefix = `linkbio-test-${unique('sched')}:`;
  const key = (queue: string, type: string) => `${prefix}bull:${queue}:${type}`;

  beforeAll(async () => {
    expect(redisUrl).toEqual(expect.any(String));
    env = { ...(await testEnv()), REDIS_KEY_PREFIX: prefix };
    queues = new JobQueues(env);
    schedules = new JobSchedules(queues);
    redis = new Redis(redisUrl!);
  });

  afterAll(async () => {
    await queues?.onApplicationShutdown();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  beforeEach(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await schedules.upsert(ALL_QUEUES);
    expect(await schedules.missing()).toEqual([]);
  });

  it.each(LOSSES)('after losing %s of every schedule', async (_, lose) => {
    const { current } = await held(queues);
    for (const schedule of SCHEDULES) await lose({ redis, key, schedule, run: current.get(schedule.id)! });
    expect(await schedules.missing()).toEqual(SCHEDULE_IDS);

    expect(await schedules.restoreMissing(ALL_QUEUES)).toEqual(SCHEDULE_IDS);
    await expectEveryScheduleHeldOnce(queues, schedules);
    // The next check has nothing to do (the worker logs nothing).
    expect(await schedules.restoreMissing(ALL_QUEUES)).toEqual([]);
  });

  it('after losing every key of the queues', async () => {
    const keys = await redis.keys(`${prefix}*`);
    expect(keys.length).toBeGreaterThan(0);
    await redis.del(...keys);
    expect(await schedules.missing()).toEqual(SCHEDULE_IDS);
    expect(await schedules.restoreMissing(ALL_QUEUES)).toEqual(SCHEDULE_IDS);
    await expectEveryScheduleHeldOnce(queues, schedules);
    expect(await schedules.restoreMissing(ALL_QUEUES)).toEqual([]);
  });

  it('removes every run a lost scheduler left waiting, however many, and no other job', async () => {
    const maintenance = queues.queue('maintenance');
    const others = await Promise.all([1, 2, 3].map((i) => maintenance.add('clean-up', {}, { delay: 3_600_000 * i })));
    // An `every` schedule's runs left behind, due later (as a worker leaves its next run).
    const leftovers = [1, 2, 3].map((i) => `repeat:billing-sweep:${Date.now() + 120_000 * i}`);
    for (const [i, jobId] of leftovers.entries()) {
      await maintenance.add('billing-sweep', {}, { jobId, delay: 120_000 * (i + 1) });
    }
    await redis.zrem(key('maintenance', 'repeat'), 'billing-sweep');
    await redis.del(key('maintenance', 'repeat:billing-sweep'));

    expect(await schedules.restoreMissing(ALL_QUEUES)).toEqual(['billing-sweep']);
    expect(await schedules.missing()).toEqual([]);
    const waiting = (await maintenance.getJobs(['delayed', 'wait'])).map((job) => job.id!);
    for (const jobId of leftovers) expect(waiting).not.toContain(jobId);
    expect(waiting.filter((jobId) => jobId.startsWith('repeat:billing-sweep:'))).toHaveLength(1);
    for (const job of others) expect(waiting).toContain(job.id);
  });

  it('after losing one schedule’s keys, recreates it alone and leaves the others as they were', async () => {
    const before = await held(queues);
    const schedule = SCHEDULES.find((s) => s.id === 'weekly-payouts')!;
    await redis.zrem(key(schedule.queue, 'repeat'), schedule.id);
    expect(await schedules.missing()).toEqual(['weekly-payouts']);
    expect(await schedules.restoreMissing(ALL_QUEUES)).toEqual(['weekly-payouts']);
    await expectEveryScheduleHeldOnce(queues, schedules);
    const after = await held(queues);
    for (const id of SCHEDULE_IDS) expect(after.current.get(id)).toBe(before.current.get(id));
  });
});

describe('schedules recreated on the PostgreSQL queue backend', () => {
  let queues: JobQueues;
  let schedules: JobSchedules;

  beforeAll(async () => {
    const env = { ...(await testEnv({ redis: false })), QUEUE_SCHEMA: `bullmq_${unique('sched')}` };
    await migrateQueueSchema(env.DATABASE_URL, env.QUEUE_SCHEMA);
    queues = new JobQueues(env);
    expect(queues.connection.kind).toBe('postgres');
    schedules = new JobSchedules(queues);
  });

  afterAll(async () => {
    for (const queue of QUEUE_NAMES) await queues?.queue(queue).obliterate({ force: true });
    await queues?.onApplicationShutdown();
  });

  it('holds each schedule once after an upsert, and creates again the ones removed', async () => {
    await schedules.upsert(ALL_QUEUES);
    await expectEveryScheduleHeldOnce(queues, schedules);
    // Those whose run is to come (a run due already is kept by the store, and runs).
    const removed = SCHEDULES.filter((s) => 'pattern' in s.repeat).map((s) => s.id);
    for (const schedule of SCHEDULES.filter((s) => removed.includes(s.id))) {
      await queues.queue(schedule.queue).removeJobScheduler(schedule.id);
    }
    expect(await schedules.missing()).toEqual(removed);
    expect(await schedules.restoreMissing(ALL_QUEUES)).toEqual(removed);
    await expectEveryScheduleHeldOnce(queues, schedules);
    expect(await schedules.restoreMissing(ALL_QUEUES)).toEqual([]);
  });

  it('creates them all again after every job and schedule of the queues is gone', async () => {
    for (const queue of QUEUE_NAMES) await queues.queue(queue).obliterate({ force: true });
    expect(await schedules.missing()).toEqual(SCHEDULE_IDS);
    expect(await schedules.restoreMissing(ALL_QUEUES)).toEqual(SCHEDULE_IDS);
    await expectEveryScheduleHeldOnce(queues, schedules);
  });
});
