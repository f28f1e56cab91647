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
