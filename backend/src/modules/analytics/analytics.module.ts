import { Module } from '@nestjs/common';
import { AnalyticsReader } from './application/ports/analytics-reader.js';
import { AnalyticsRecorder } from './application/ports/analytics-recorder.js';
import { CountryLookup } from './application/ports/country-lookup.js';
import { GetAnalyticsOverviewUseCase } from './application/get-analytics-overview.use-case.js';
import { VisitorSalts } from './application/ports/visitor-salts.js';
import { BullMqAnalyticsRecorder } from './infrastructure/bullmq-analytics.recorder.js';
import { MmdbCountryLookup } from './infrastructure/mmdb-country-lookup.js';
import { PostgresAnalyticsReader } from './infrastructure/postgres-analytics.reader.js';
import { PostgresVisitorSalts } from './infrastructure/postgres-visitor-salts.js';

/**
 * Views and clicks on the API's side: recorded by enqueueing (the worker aggregates them, see
 * AnalyticsJobsModule) and read from the aggregates. Knows nothing of links or users beyond their ids. The
 * visitor's country is looked up here, in the country database read into memory at start (exported: the
 * checkouts keep their buyer's country).
 */
@Module({
  providers: [
    { provide: CountryLookup, useFactory: () => MmdbCountryLookup.load() },
    { provide: VisitorSalts, useClass: PostgresVisitorSalts },
    { provide: AnalyticsRecorder, useClass: BullMqAnalyticsRecorder },
    { provide: AnalyticsReader, useClass: PostgresAnalyticsReader },
    GetAnalyticsOverviewUseCase,
  ],
  exports: [AnalyticsRecorder, AnalyticsReader, GetAnalyticsOverviewUseCase, CountryLookup],
})
export class AnalyticsModule {}
