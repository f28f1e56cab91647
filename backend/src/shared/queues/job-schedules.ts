import { Injectable } from '@nestjs/common';
import { getNextMillis, type JobType, type Queue } from 'bullmq';
import { JobQueues } from './job-queues.js';
import { SCHEDULES, type QueueName } from './queue-definitions.js';

type Schedule = (typeof SCHEDULES)[number];

/** Where a run of a schedule waits its turn (or runs: the scheduler points at it until its next is made). */
const HELD_STATES = new Set(['delayed', 'waiting', 'prioritized', 'active', 'waiting-children']);
/** The lists a run not started yet is in: a run of a schedule found there that its scheduler does not point at is a leftover. */
const PENDING: JobType[] = ['delayed', 'wait', 'prioritized'];

/**
 * The repeating schedules (weekly payouts, sweeps) as the queue store holds them. For BullMQ a schedule is
 * several keys: the scheduler's entry in the queue's `repeat` set (its next run's time) and its hash (how it
 * repeats), and that next run, a job `repeat:{id}:{millis}` (its hash, and its entry in the delayed or wait
 * list). A Redis that restarts without persistence, or evicts keys, may lose any of them: the schedule is then
 * missing (no run will come) and the worker creates it again (`restoreMissing`), removing first what is left
 * of it, which would otherwise block its creation (`Cannot create job scheduler iteration - job ID already
 * exists`) or run beside the new one. `/api/health/ready` and the metrics name the ones missing meanwhile.
 */
@Injectable()
export class JobSchedules {
  constructor(private readonly queues: JobQueues) {}

  /** Creates or updates the schedules of these queues (upserted: any number of workers may do it at once). */
  async upsert(queues: ReadonlySet<QueueName>): Promise<Schedule[]> {
    const upserted = SCHEDULES.filter((schedule) => queues.has(schedule.queue));
    for (const schedule of upserted) await this.create(schedule);
    return upserted;
  }

  /** Creates again those of these queues' schedules the store no longer holds whole; returns their ids. */
  async restoreMissing(queues: ReadonlySet<QueueName>): Promise<string[]> {
    const scheduled = SCHEDULES.filter((schedule) => queues.has(schedule.queue));
    const states = await Promise.all(scheduled.map((schedule) => this.state(schedule)));
    const missing = scheduled.filter((_, index) => !states[index]!.held);
    for (const schedule of missing) await this.recreate(schedule, states[scheduled.indexOf(schedule)]!.run);
    return missing.map((schedule) => schedule.id);
  }

  /** The ids of the schedules the store does not hold whole (rejects when the store does not answer). */
  async missing(): Promise<string[]> {
    const states = await Promise.all(SCHEDULES.map((schedule) => this.state(schedule)));
    return SCHEDULES.filter((_, index) => !states[index]!.held).map((schedule) => schedule.id);
  }

  /**
   * Held: the scheduler (entry and hash) and the run it points at, waiting its turn in a list (or under way).
   * `run`: the id of the run the scheduler points at, when it still says. A scheduler that moved on to its next
   * run while this was read (its run just finished) is read again.
   */
  private async state(schedule: Schedule, again = true): Promise<{ held: boolean; run?: string }> {
    const queue = this.queues.queue(schedule.queue);
    const scheduler = await queue.getJobScheduler(schedule.id);
    if (!scheduler || typeof scheduler.next !== 'number') return { held: false };
    const run = runId(schedule, scheduler.next);
    const job = await queue.getJob(run);
    if (job !== undefined && HELD_STATES.has(await job.getState())) return { held: true, run };
    if (again && (await queue.getJobScheduler(schedule.id))?.next !== scheduler.next)
      return this.state(schedule, false);
    return { held: false, run };
  }

  /**
   * Creates a schedule the store lost (some of its keys or all): its scheduler, the run it pointed at and the
   * runs of it left waiting are removed (a run under way is left to finish), then it is created as new. A run
   * whose list entry was lost is in no list: when creating the schedule fails because that run's id is taken,
   * that job alone is removed and the schedule created again.
   */
  private async recreate(schedule: Schedule, run: string | undefined): Promise<void> {
    const queue = this.queues.queue(schedule.queue);
    await queue.removeJobScheduler(schedule.id);
    if (run !== undefined) await removeRun(queue, run);
    await removeLeftoverRuns(queue, schedule.id);
    try {
      await this.create(schedule);
    } catch (error) {
      if (!isRunIdTaken(error) || !('pattern' in schedule.repeat)) throw error;
      await removeRun(queue, runId(schedule, getNextMillis(Date.now(), schedule.repeat)!));
      await this.create(schedule);
    }
  }

  private async create(schedule: Schedule): Promise<void> {
    await this.queues
      .queue(schedule.queue)
      .upsertJobScheduler(schedule.id, schedule.repeat, { name: schedule.job, data: {} });
  }
}

/** The id BullMQ gives the run of a schedule due at `millis`. */
const runId = (schedule: Schedule, millis: number) => `repeat:${schedule.id}:${millis}`;

/** BullMQ's refusal to create a schedule whose next run's id a job already has. */
const isRunIdTaken = (error: unknown) =>
  error instanceof Error && error.message.includes('Cannot create job scheduler iteration - job ID already exists');

/**
 * Removes the runs of a schedule waiting in the lists (its scheduler removed first, none is its current run any
 * more), those whose job was lost too (their entry alone is removed); a run under way is left to finish.
 */
async function removeLeftoverRuns(queue: Queue, scheduleId: string): Promise<void> {
  const prefix = `repeat:${scheduleId}:`;
  // Every id of these lists (BullMQ's default is the first two of each).
  const ids = await queue.getRanges(PENDING, 0, -1);
  for (const id of new Set(ids.filter((jobId) => jobId.startsWith(prefix)))) await removeRun(queue, id);
}

/**
 * Removes a run of a schedule, unless its store says it belongs to a scheduler: PostgreSQL's keeps every run
 * a scheduler made (a due one runs), Redis's the one a scheduler points at (another worker's, made meanwhile).
 */
async function removeRun(queue: Queue, id: string): Promise<void> {
  try {
    await queue.remove(id);
  } catch (error) {
    if (!(error instanceof Error && error.message.includes('belongs to a job scheduler'))) throw error;
  }
}

/** How a schedule repeats, for people: "0 0 * * 1 UTC" or "every 60 s". */
export const describeRepeat = (schedule: Schedule): string =>
  'pattern' in schedule.repeat
    ? `${schedule.repeat.pattern} ${schedule.repeat.tz}`
    : `every ${schedule.repeat.every / 1000} s`;
