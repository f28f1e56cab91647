import { Injectable } from '@nestjs/common';
import { JobProcessor } from '../../../shared/queues/job-processor.js';
import { AggregateAnalyticsUseCase } from '../application/aggregate-analytics.use-case.js';

/** Daily: the rollups forget event ids counted long ago (no late retry can bring them back). */
@Injectable()
export class AnalyticsCleanUpProcessor extends JobProcessor<'maintenance'> {
  readonly queue = 'maintenance';
  readonly jobs = ['clean-up'] as const;

  constructor(private readonly aggregate: AggregateAnalyticsUseCase) {
    super();
  }

  async process(): Promise<{ forgotten: number }> {
    return { forgotten: await this.aggregate.forgetOldEventIds() };
  }
}
