import { Module } from '@nestjs/common';
import { AnalyticsReader } from './application/ports/analytics-reader.js';
import { AnalyticsRecorder } from './application/ports/analytics-recorder.js';
import { CountryLookup } from './application/ports/country-lookup.js';
import { GetAnalyticsOverviewUseCase } from './application/get-analytics-overview.use-case.js';
import { BullMqAnalyticsRecorder } from './infrastructure/bullmq-analytics.recorder.js';
import { MmdbCountryLookup } from './infrastructure/mmdb-country-lookup.js';
import { PostgresAnalyticsReader } from './infrastructure/postgres-analytics.reader.js';

/**
 * Views and clicks on the API's side: recorded by enqueueing (the worker aggregates them, see
 * AnalyticsJobsModule) and read from the aggregates. Knows nothing of links or users beyond their ids.
 */
@Module({
  providers: [
    { provide: AnalyticsRecorder, useClass: BullMqAnalyticsRecorder },
    { provide: AnalyticsReader, useClass: PostgresAnalyticsReader },
    GetAnalyticsOverviewUseCase,
    // The shipped country database, read once at start (the checkouts keep their buyer's country).
    { provide: CountryLookup, useFactory: () => MmdbCountryLookup.load() },
  ],
  exports: [AnalyticsRecorder, AnalyticsReader, GetAnalyticsOverviewUseCase, CountryLookup],
})
export class AnalyticsModule {}
