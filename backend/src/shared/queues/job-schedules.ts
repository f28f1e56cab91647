import { Injectable } from '@nestjs/common';
import { JobQueues } from './job-queues.js';
import { SCHEDULES, type QueueName } from './queue-definitions.js';

type Schedule = (typeof SCHEDULES)[number];

/**
 * The repeating schedules (weekly payouts, sweeps) as the queue store holds them. A Redis that restarts
 * without persistence, or evicts keys, loses them: the worker creates them again (`restoreMissing`) and
 * `/api/health/ready` names the ones missing meanwhile.
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

  /** Creates again those of these queues' schedules the store no longer has; returns their ids. */
  async restoreMissing(queues: ReadonlySet<QueueName>): Promise<string[]> {
    const missing = await this.absent(SCHEDULES.filter((schedule) => queues.has(schedule.queue)));
    for (const schedule of missing) await this.create(schedule);
    return missing.map((schedule) => schedule.id);
  }

  /** The ids of the schedules the store does not hold (rejects when the store does not answer). */
  async missing(): Promise<string[]> {
    return (await this.absent(SCHEDULES)).map((schedule) => schedule.id);
  }

  private async absent(schedules: readonly Schedule[]): Promise<Schedule[]> {
    const held = await Promise.all(
      schedules.map((schedule) => this.queues.queue(schedule.queue).getJobScheduler(schedule.id)),
    );
    return schedules.filter((_, index) => !held[index]);
  }

  private async create(schedule: Schedule): Promise<void> {
    await this.queues
      .queue(schedule.queue)
      .upsertJobScheduler(schedule.id, schedule.repeat, { name: schedule.job, data: {} });
  }
}

/** How a schedule repeats, for people: "0 0 * * 1 UTC" or "every 60 s". */
export const describeRepeat = (schedule: Schedule): string =>
  'pattern' in schedule.repeat
    ? `${schedule.repeat.pattern} ${schedule.repeat.tz}`
    : `every ${schedule.repeat.every / 1000} s`;
