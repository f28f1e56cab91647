import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { LoggerService } from '@nestjs/common';
import { UnrecoverableError, type Job, type Worker } from 'bullmq';
import { failureOutcome, logJobRun, type JobOutcome } from '../logging/job-log.js';
import type { BatchJobProcessor, QueueJob } from './job-processor.js';
import type { QueueName } from './queue-definitions.js';

export interface BatchConsumerOptions {
  /** How long a taken job stays locked to this worker; the locks are renewed while a batch runs. */
  lockMs: number;
  /** Called for every job run, with its outcome (the metrics). */
  ran: (job: Job, outcome: JobOutcome) => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * Runs a BatchJobProcessor on a worker that fetches its jobs itself (BullMQ's manual fetching): it waits for a
 * job, lets more gather, takes every job waiting and hands them to the processor in one call, then marks each
 * completed (or failed, to be retried with the queue's backoff) and logs a line for each. Compared with one
 * job at a time, a busy queue costs the store about two calls a job instead of four, and the processor one
 * run per batch instead of one per job.
 *
 * A job whose lock was lost meanwhile (the batch took longer than the lock, the worker was cut off) is taken
 * over by another worker and run again: the processor must count each job once however often it runs, as
 * the analytics do by the batch's id.
 */
export class BatchConsumer<Q extends QueueName> {
  private stopping = false;
  /** Settles when stop() is called: a wait for the next job ends then (BullMQ's PostgreSQL backend does not end it on close). */
  private readonly stopped: Promise<undefined>;
  private endWait: () => void = () => undefined;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly queue: Q,
    readonly worker: Worker,
    private readonly processor: BatchJobProcessor<Q>,
    private readonly logger: LoggerService,
    private readonly options: BatchConsumerOptions,
  ) {
    this.stopped = new Promise((resolve) => (this.endWait = () => resolve(undefined)));
  }

  start(): void {
    void this.worker.startStalledCheckTimer();
    this.loop = this.run();
  }

  /**
   * Lets the batch under way finish (a wait for the next job is left at once), then closes the worker, which
   * lets that wait end (within the worker's drainDelay). A job the store handed over just then stays locked
   * until its lock runs out, and is then run by a worker as any stalled job.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.endWait();
    await this.loop;
    await this.worker.close();
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      const token = randomUUID();
      let first: Job | undefined;
      try {
        first = await Promise.race([this.worker.getNextJob(token, { block: true }), this.stopped]);
      } catch (error) {
        if (this.stopping) break;
        this.logger.error(`${this.queue}: ${asError(error).message}`);
        await sleep(1000);
        continue;
      }
      if (!first) continue;
      await this.runBatch(await this.gather(first as QueueJob<Q>, token), token);
    }
  }

  /** `first` and the jobs waiting after `gatherMs`, within the processor's bounds. */
  private async gather(first: QueueJob<Q>, token: string): Promise<Array<QueueJob<Q>>> {
    const { gatherMs, maxJobs, maxWeight } = this.processor;
    if (!this.stopping) await sleep(gatherMs);
    const jobs = [first];
    let weight = this.processor.weightOf(first);
    while (!this.stopping && jobs.length < maxJobs && weight < maxWeight) {
      let next: Job | undefined;
      try {
        next = await this.worker.getNextJob(token, { block: false });
      } catch {
        break; // the store is away: run what was taken; the next wait reports it
      }
      if (!next) break;
      jobs.push(next as QueueJob<Q>);
      weight += this.processor.weightOf(next as QueueJob<Q>);
    }
    return jobs;
  }

  private async runBatch(jobs: Array<QueueJob<Q>>, token: string): Promise<void> {
    const known = new Set<string>(this.processor.jobs);
    const taken = jobs.filter((job) => known.has(job.name));
    const started = performance.now();
    const renew = setInterval(() => {
      for (const job of jobs) void job.extendLock(token, this.options.lockMs).catch(() => undefined);
    }, this.options.lockMs / 2);
    let error: unknown;
    try {
      if (taken.length > 0) await this.processor.processBatch(taken);
    } catch (caught) {
      error = caught;
    } finally {
      clearInterval(renew);
    }
    const durationMs = performance.now() - started;
    await Promise.all(
      jobs.map((job) =>
        known.has(job.name)
          ? this.finish(job, token, durationMs, error)
          : this.finish(job, token, durationMs, new UnrecoverableError(`No processor for job "${job.name}" on queue "${this.queue}"`)),
      ),
    );
  }

  private async finish(job: Job, token: string, durationMs: number, error: unknown): Promise<void> {
    const outcome = error === undefined ? 'completed' : failureOutcome(job, error);
    // As it was run: marking it done counts the attempt.
    const run = { name: job.name, id: job.id, attemptsMade: job.attemptsMade };
    try {
      if (error === undefined) await job.moveToCompleted(undefined, token, false);
      else await job.moveToFailed(asError(error), token, false);
    } catch (moveError) {
      // The lock is gone (taken over as stalled) or the store is away: the job runs again, and counts once.
      this.logger.warn({ msg: 'job not marked done: it will run again', queue: this.queue, job: job.name, jobId: job.id, err: moveError });
      return;
    }
    logJobRun(this.logger, this.queue, run, outcome, durationMs, error);
    this.options.ran(job, outcome === 'completed' ? 'completed' : 'failed');
  }
}
