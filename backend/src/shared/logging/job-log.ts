import { performance } from 'node:perf_hooks';
import type { LoggerService } from '@nestjs/common';
import { UnrecoverableError, type Job } from 'bullmq';

/** What became of one run of a job: done, failed for good, or failed with attempts left (BullMQ runs it again). */
export type JobOutcome = 'completed' | 'failed' | 'retrying';

/** The outcome of a failed run: retried while the job has attempts left and the error allows it. */
export function failureOutcome(job: Pick<Job, 'attemptsMade' | 'opts'>, error: unknown): JobOutcome {
  if (error instanceof UnrecoverableError) return 'failed';
  return job.attemptsMade + 1 < (job.opts.attempts ?? 1) ? 'retrying' : 'failed';
}

/**
 * Logs one run of a job in one line: queue, job name, job id, attempt (1 for the first run), outcome and
 * duration; a failure at warn (retrying) or error (failed), with the error and its stack. A completed run is at
 * info, or at debug when `routine` (a sweep that runs every minute: a line a minute each would bury the rest).
 * The job's data is never logged (it may name a customer).
 */
export function logJobRun(
  logger: LoggerService,
  queue: string,
  job: Pick<Job, 'name' | 'id' | 'attemptsMade'>,
  outcome: JobOutcome,
  durationMs: number,
  error?: unknown,
  routine = false,
): void {
  const line = {
    msg: `job ${outcome}`,
    queue,
    job: job.name,
    jobId: job.id,
    attempt: job.attemptsMade + 1,
    outcome,
    durationMs: Math.round(durationMs * 100) / 100,
  };
  if (outcome === 'completed') {
    if (routine) logger.debug?.(line);
    else logger.log(line);
  }
  else if (outcome === 'retrying') logger.warn({ ...line, err: error });
  else logger.error({ ...line, err: error });
}

/** Runs one job and logs it (logJobRun; `routine`: its completion at debug). */
export async function runLogged<T>(logger: LoggerService, queue: string, job: Job, run: () => Promise<T>, routine = false): Promise<T> {
  const started = performance.now();
  try {
    const result = await run();
    logJobRun(logger, queue, job, 'completed', performance.now() - started, undefined, routine);
    return result;
  } catch (error) {
    logJobRun(logger, queue, job, failureOutcome(job, error), performance.now() - started, error);
    throw error;
  }
}
