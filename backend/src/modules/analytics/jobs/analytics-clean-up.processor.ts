import { Injectable } from '@nestjs/common';
import { JobProcessor } from '../../../shared/queues/job-processor.js';
import { AggregateAnalyticsUseCase, type ForgottenAnalytics } from '../application/aggregate-analytics.use-case.js';

/** Daily: the rollups forget event ids counted long ago, past days' salts and the visitor hashes before yesterday. */
@Injectable()
export class AnalyticsCleanUpProcessor extends JobProcessor<'maintenance'> {
  readonly queue = 'maintenance';
  readonly jobs = ['clean-up'] as const;

  constructor(private readonly aggregate: AggregateAnalyticsUseCase) {
    super();
  }

  process(): Promise<ForgottenAnalytics> {
    return this.aggregate.forgetOld();
  }
}
