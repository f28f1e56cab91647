import { Module } from '@nestjs/common';
import { AnalyticsReader } from './application/ports/analytics-reader.js';
import { AnalyticsRecorder } from './application/ports/analytics-recorder.js';
import { GetAnalyticsOverviewUseCase } from './application/get-analytics-overview.use-case.js';
import { MikroOrmAnalyticsStore } from './infrastructure/mikro-orm-analytics.store.js';

/** Recording and reading views and clicks. Knows nothing of links or users beyond their ids. */
@Module({
  providers: [
    MikroOrmAnalyticsStore,
    { provide: AnalyticsRecorder, useExisting: MikroOrmAnalyticsStore },
    { provide: AnalyticsReader, useExisting: MikroOrmAnalyticsStore },
    GetAnalyticsOverviewUseCase,
  ],
  exports: [AnalyticsRecorder, AnalyticsReader, GetAnalyticsOverviewUseCase],
})
export class AnalyticsModule {}
