import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { UnrecoverableError, type Job, type Worker } from 'bullmq';
import type { Env } from '../../config/env.js';
import { ENV } from '../infrastructure/infrastructure.tokens.js';
import { runLogged } from '../logging/job-log.js';
import { Metrics, type Counter } from '../metrics/metrics.js';
import { JobQueues } from './job-queues.js';
import { BatchConsumer } from './batch-consumer.js';
import { BatchJobProcessor, JOB_PROCESSORS, type JobProcessor } from './job-processor.js';
import { describeRepeat, JobSchedules } from './job-schedules.js';
import { SCHEDULES, type QueueName } from './queue-definitions.js';

/** Jobs of the schedules that repeat every minute or so (sweeps): their completed runs log at debug. */
const ROUTINE_JOBS: ReadonlySet<string> = new Set(SCHEDULES.filter((schedule) => 'every' in schedule.repeat).map((schedule) => schedule.job));

/**
 * The worker process's consumers: one BullMQ Worker per queue, dispatching each job by name to the module
 * that handles it (or, for a queue whose processor takes its jobs together, a BatchConsumer), and the
 * repeating schedules (upserted, so several workers may start together; created again every
 * WORKER_SCHEDULES_CHECK_MS when the queue store lost them). On shutdown (SIGTERM) each worker
 * stops taking jobs and waits for the running ones to finish.
 */
@Injectable()
export class QueueWorkers implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Worker');
  private readonly workers: Worker[] = [];
  private readonly consumers: Array<BatchConsumer<QueueName>> = [];
  private scheduleCheck: NodeJS.Timeout | null = null;
  private checkingSchedules = false;
  private readonly jobsRun: Counter<'queue' | 'job' | 'outcome'>;

  constructor(
    @Inject(JOB_PROCESSORS) private readonly processors: JobProcessor[],
    private readonly queues: JobQueues,
    private readonly schedules: JobSchedules,
    @Inject(ENV) private readonly env: Env,
    metrics: Metrics,
  ) {
    this.jobsRun = metrics.counter({
      name: 'linkbio_worker_jobs_total',
      help: "Jobs this worker ran, by queue, job and outcome (completed, or failed: each failed attempt counts).",
      labelNames: ['queue', 'job', 'outcome'],
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    const byQueue = new Map<QueueName, JobProcessor[]>();
    for (const processor of this.processors) byQueue.set(processor.queue, [...(byQueue.get(processor.queue) ?? []), processor]);

    for (const [queue, processors] of byQueue) {
      const [first] = processors;
      if (first instanceof BatchJobProcessor && processors.length === 1) this.consumeInBatches(queue, first);
      else this.consume(queue, processors);
    }

    const scheduledQueues = new Set<QueueName>(this.env.WORKER_SCHEDULES === 'false' ? [] : byQueue.keys());
    const scheduled = await this.schedules.upsert(scheduledQueues);
    await Promise.all([...this.workers, ...this.consumers.map((consumer) => consumer.worker)].map((worker) => worker.waitUntilReady()));
    this.logger.log(`Processing ${[...byQueue.keys()].join(', ')} (${this.queues.connection.kind})`);
    if (scheduled.length > 0) {
      this.logger.log(`Schedules: ${scheduled.map((schedule) => `${schedule.id} (${describeRepeat(schedule)})`).join(', ')}`);
      this.scheduleCheck = setInterval(() => void this.restoreSchedules(scheduledQueues), this.env.WORKER_SCHEDULES_CHECK_MS);
      this.scheduleCheck.unref();
    }
  }

  /** A BullMQ worker running each job as it comes, up to the processors' concurrency. */
  private consume(queue: QueueName, processors: JobProcessor[]): void {
    const handlers = new Map(processors.flatMap((p) => p.jobs.map((name) => [name as string, p] as const)));
    const failureLogged = new WeakSet<Job>();
    const worker = this.queues.connection.worker(
      queue,
      async (job: Job) => {
        const processor = handlers.get(job.name);
        // Each run logs its line (queue, job, id, attempt, outcome, duration); a job no processor takes, too.
        try {
          return await runLogged(
            this.logger,
            queue,
            job,
            () => {
              if (!processor) throw new UnrecoverableError(`No processor for job "${job.name}" on queue "${queue}"`);
              return processor.process(job as never);
            },
            ROUTINE_JOBS.has(job.name),
          );
        } catch (error) {
          failureLogged.add(job);
          throw error;
        }
      },
      { ...this.workerOptions(), concurrency: Math.max(...processors.map((p) => p.concurrency)) },
    );
    worker.on('completed', (job) => this.jobsRun.inc({ queue, job: job.name, outcome: 'completed' }));
    this.watch(queue, worker, failureLogged);
    this.workers.push(worker);
  }

  /** A worker fetching its jobs itself, handing them to the processor together (BatchConsumer). */
  private consumeInBatches(queue: QueueName, processor: BatchJobProcessor): void {
    // Waits for the next job of a second at most: closing the worker waits for the one under way.
    const worker = this.queues.connection.worker(queue, null, { ...this.workerOptions(), drainDelay: 1 });
    const consumer = new BatchConsumer(queue, worker, processor, this.logger, {
      lockMs: this.env.WORKER_LOCK_MS,
      ran: (job, outcome) => this.jobsRun.inc({ queue, job: job.name, outcome }),
    });
    this.watch(queue, worker, new WeakSet());
    consumer.start();
    this.consumers.push(consumer);
  }

  private workerOptions() {
    return { lockDuration: this.env.WORKER_LOCK_MS, stalledInterval: this.env.WORKER_STALLED_CHECK_MS, maxStalledCount: 5 };
  }

  /** A job failed without a run of this worker's logging it (stalled too often) logs its line here; errors too. */
  private watch(queue: QueueName, worker: Worker, failureLogged: WeakSet<Job>): void {
    worker.on('failed', (job, error) => {
      this.jobsRun.inc({ queue, job: job?.name ?? 'unknown', outcome: 'failed' });
      if (!job || !failureLogged.has(job)) this.logger.warn({ msg: 'job failed', queue, job: job?.name, jobId: job?.id, outcome: 'failed', err: error });
    });
    worker.on('error', (error) => this.logger.error(`${queue}: ${error.message}`));
  }

  /** A Redis restarted without persistence (or evicting keys) forgets the schedules: create them again. */
  private async restoreSchedules(queues: ReadonlySet<QueueName>): Promise<void> {
    if (this.checkingSchedules) return;
    this.checkingSchedules = true;
    try {
      const restored = await this.schedules.restoreMissing(queues);
      if (restored.length > 0) {
        const hint = this.queues.connection.kind === 'redis' ? ' Redis must keep its data (appendonly yes, maxmemory-policy noeviction).' : '';
        this.logger.warn(`Schedules missing from the queue store, created again: ${restored.join(', ')}.${hint}`);
      }
    } catch (error) {
      this.logger.error(`Checking the schedules: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      this.checkingSchedules = false;
    }
  }

  /** Before connections close: stop taking jobs and let the running ones finish. */
  async beforeApplicationShutdown(): Promise<void> {
    if (this.scheduleCheck) clearInterval(this.scheduleCheck);
    this.scheduleCheck = null;
    await Promise.allSettled([...this.workers.map((worker) => worker.close()), ...this.consumers.map((consumer) => consumer.stop())]);
    this.workers.length = 0;
    this.consumers.length = 0;
  }
}
