import type { Job } from 'bullmq';
import type { JobData, JobName, QueueName } from './queue-definitions.js';

/** A typed job as a processor receives it. */
export type QueueJob<Q extends QueueName, N extends JobName<Q> = JobName<Q>> = Job<JobData<Q, N>, unknown, N>;

/**
 * The jobs of one queue that a module handles. Processors stay thin: they read the payload and call a use
 * case. The worker process runs them (QueueWorkers); the API never does.
 */
export abstract class JobProcessor<Q extends QueueName = QueueName> {
  abstract readonly queue: Q;
  abstract readonly jobs: ReadonlyArray<JobName<Q>>;
  /** How many of this queue's jobs one worker runs at once. */
  readonly concurrency: number = 1;
  abstract process(job: QueueJob<Q>): Promise<unknown>;
}

/** DI token: every JobProcessor the worker runs. */
export const JOB_PROCESSORS = Symbol('JOB_PROCESSORS');

/**
 * A processor that takes its queue's jobs together. The worker waits for a job, lets more gather for
 * `gatherMs`, takes every job waiting (at most `maxJobs`, or until their weights reach `maxWeight`) and hands
 * them over in one call: what runs once per call (a transaction, the queue store's wake-ups) is shared by many
 * jobs. The call succeeds or fails for all of them; failed jobs are retried as any other.
 */
export abstract class BatchJobProcessor<Q extends QueueName = QueueName> extends JobProcessor<Q> {
  readonly gatherMs: number = 50;
  readonly maxJobs: number = 500;
  readonly maxWeight: number = Number.POSITIVE_INFINITY;
  /** A job's share of maxWeight (1 each unless a processor says otherwise). */
  weightOf(_job: QueueJob<Q>): number {
    return 1;
  }
  abstract processBatch(jobs: ReadonlyArray<QueueJob<Q>>): Promise<void>;
  process(job: QueueJob<Q>): Promise<void> {
    return this.processBatch([job]);
  }
}
