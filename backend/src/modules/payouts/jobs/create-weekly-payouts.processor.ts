import { Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { DomainError } from '../../../shared/domain-error.js';
import { JobProcessor, type QueueJob } from '../../../shared/queues/job-processor.js';
import { CreateWeeklyPayoutsUseCase } from '../application/create-weekly-payouts.use-case.js';

/**
 * Mondays 00:00 UTC (scheduler weekly-payouts): the week that just ended, by the clock when the job runs.
 * A job may name a week (`{ week: '2026-W47' }`) to pay one that was missed; a week that does not exist or
 * has not ended fails the job at once, without retries.
 */
@Injectable()
export class CreateWeeklyPayoutsProcessor extends JobProcessor<'payouts'> {
  readonly queue = 'payouts';
  readonly jobs = ['create-weekly'] as const;

  constructor(private readonly create: CreateWeeklyPayoutsUseCase) {
    super();
  }

  async process(job: QueueJob<'payouts', 'create-weekly'>): Promise<{ week: string; created: number }> {
    const week = (job.data as { week?: unknown }).week;
    try {
      const run = await this.create.execute(typeof week === 'string' ? week : undefined);
      return { week: run.week.label, created: run.created.length };
    } catch (error) {
      if (error instanceof DomainError) throw new UnrecoverableError(error.message);
      throw error;
    }
  }
}
