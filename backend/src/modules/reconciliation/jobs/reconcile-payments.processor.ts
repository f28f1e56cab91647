import { Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { Clock } from '../../../shared/clock.js';
import { JobProcessor, type QueueJob } from '../../../shared/queues/job-processor.js';
import { ReconcileDayUseCase } from '../application/reconcile-day.use-case.js';
import { dayBefore, parseUtcDay } from '../domain/utc-day.js';

/** What a run's job returns (kept with the completed job, shown by bull-board). */
export interface ReconciliationSummary {
  day: string;
  provider: 'stripe' | 'local';
  differences: number;
  remaining: number;
}

/** Daily (04:15 UTC): reconciles the UTC day that ended with the payment provider; a job naming a date, that day. */
@Injectable()
export class ReconcilePaymentsProcessor extends JobProcessor<'maintenance'> {
  readonly queue = 'maintenance';
  readonly jobs = ['reconcile-payments'] as const;

  constructor(
    private readonly reconcile: ReconcileDayUseCase,
    private readonly clock: Clock,
  ) {
    super();
  }

  async process(job: QueueJob<'maintenance'>): Promise<ReconciliationSummary> {
    const { date } = job.data as { date?: string };
    const day = date === undefined ? dayBefore(this.clock.now()) : parseUtcDay(date);
    if (!day) throw new UnrecoverableError(`reconcile-payments: ${JSON.stringify(date)} is not a date (YYYY-MM-DD)`);
    const run = await this.reconcile.execute(day, 'schedule');
    return { day: run.day, provider: run.provider, differences: run.found, remaining: run.remaining };
  }
}
