import { Module } from '@nestjs/common';
import { AggregateAnalyticsUseCase } from './application/aggregate-analytics.use-case.js';
import { AnalyticsRollups } from './application/ports/analytics-rollups.js';
import { VisitorSalts } from './application/ports/visitor-salts.js';
import { PostgresAnalyticsRollups } from './infrastructure/postgres-analytics.rollups.js';
import { PostgresVisitorSalts } from './infrastructure/postgres-visitor-salts.js';
import { AnalyticsCleanUpProcessor } from './jobs/analytics-clean-up.processor.js';
import { AnalyticsEventProcessor } from './jobs/analytics-event.processor.js';
import { AnalyticsStreamConsumer } from './jobs/analytics-stream.consumer.js';

/**
 * The worker's side of analytics: views and clicks handed over (the Redis stream, AnalyticsStreamConsumer; jobs on
 * the analytics queue, AnalyticsEventProcessor) counted into the rollups, exactly once.
 */
@Module({
  providers: [
    { provide: AnalyticsRollups, useClass: PostgresAnalyticsRollups },
    { provide: VisitorSalts, useClass: PostgresVisitorSalts },
    AggregateAnalyticsUseCase,
    AnalyticsEventProcessor,
    AnalyticsStreamConsumer,
    AnalyticsCleanUpProcessor,
  ],
  exports: [AnalyticsEventProcessor, AnalyticsCleanUpProcessor],
})
export class AnalyticsJobsModule {}
