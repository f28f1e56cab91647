import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { UnrecoverableError, type Job, type Worker } from 'bullmq';
import type { Env } from '../../config/env.js';
import { ENV } from '../infrastructure/infrastructure.tokens.js';
import { JobQueues } from './job-queues.js';
import { JOB_PROCESSORS, type JobProcessor } from './job-processor.js';
import { SCHEDULES, type QueueName } from './queue-definitions.js';

/**
 * The worker process's consumers: one BullMQ Worker per queue, dispatching each job by name to the module
 * that handles it, and the repeating schedules (upserted, so several workers may start together). On
 * shutdown (SIGTERM) each worker stops taking jobs and waits for the running ones to finish.
 */
@Injectable()
export class QueueWorkers implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Worker');
  private readonly workers: Worker[] = [];

  constructor(
    @Inject(JOB_PROCESSORS) private readonly processors: JobProcessor[],
    private readonly queues: JobQueues,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const byQueue = new Map<QueueName, JobProcessor[]>();
    for (const processor of this.processors) byQueue.set(processor.queue, [...(byQueue.get(processor.queue) ?? []), processor]);

    for (const [queue, processors] of byQueue) {
      const handlers = new Map(processors.flatMap((p) => p.jobs.map((name) => [name as string, p] as const)));
      const worker = this.queues.connection.worker(
        queue,
        async (job: Job) => {
          const processor = handlers.get(job.name);
          if (!processor) throw new UnrecoverableError(`No processor for job "${job.name}" on queue "${queue}"`);
          return processor.process(job as never);
        },
        {
          concurrency: Math.max(...processors.map((p) => p.concurrency)),
          lockDuration: this.env.WORKER_LOCK_MS,
          stalledInterval: this.env.WORKER_STALLED_CHECK_MS,
          maxStalledCount: 5,
        },
      );
      worker.on('failed', (job, error) =>
        this.logger.warn(`${queue}/${job?.name ?? '?'} ${job?.id ?? ''} failed (attempt ${job?.attemptsMade ?? '?'}): ${error.message}`),
      );
      worker.on('error', (error) => this.logger.error(`${queue}: ${error.message}`));
      this.workers.push(worker);
    }

    const scheduled: string[] = [];
    for (const schedule of SCHEDULES) {
      if (this.env.WORKER_SCHEDULES === 'false' || !byQueue.has(schedule.queue)) continue;
      await this.queues.queue(schedule.queue).upsertJobScheduler(schedule.id, schedule.repeat, { name: schedule.job, data: {} });
      scheduled.push(`${schedule.id} (${'pattern' in schedule.repeat ? `${schedule.repeat.pattern} ${schedule.repeat.tz}` : `every ${schedule.repeat.every / 1000} s`})`);
    }
    await Promise.all(this.workers.map((worker) => worker.waitUntilReady()));
    this.logger.log(`Processing ${[...byQueue.keys()].join(', ')} (${this.queues.connection.kind})`);
    if (scheduled.length > 0) this.logger.log(`Schedules: ${scheduled.join(', ')}`);
  }

  /** Before connections close: stop taking jobs and let the running ones finish. */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.allSettled(this.workers.map((worker) => worker.close()));
    this.workers.length = 0;
  }
}
