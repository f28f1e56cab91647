import { Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Env } from '../../config/env.js';
import { ENV, REDIS } from '../../shared/infrastructure/infrastructure.tokens.js';
import { JobQueues } from '../../shared/queues/job-queues.js';
import { AnalyticsReader } from './application/ports/analytics-reader.js';
import { AnalyticsRecorder } from './application/ports/analytics-recorder.js';
import { CountryLookup } from './application/ports/country-lookup.js';
import { EventHandOver } from './application/ports/event-hand-over.js';
import { GetAnalyticsOverviewUseCase } from './application/get-analytics-overview.use-case.js';
import { VisitorSalts } from './application/ports/visitor-salts.js';
import { BatchingAnalyticsRecorder } from './infrastructure/batching-analytics.recorder.js';
import { MmdbCountryLookup } from './infrastructure/mmdb-country-lookup.js';
import { PostgresAnalyticsReader } from './infrastructure/postgres-analytics.reader.js';
import { PostgresVisitorSalts } from './infrastructure/postgres-visitor-salts.js';
import { QueuedEventHandOver } from './infrastructure/queued-event-hand-over.js';
import { RedisStreamEventHandOver } from './infrastructure/redis-stream-event-hand-over.js';

/**
 * Views and clicks on the API's side: recorded in batches handed to the worker (EventHandOver: a Redis stream, or
 * the analytics queue without Redis; the worker counts them, see AnalyticsJobsModule) and read from the rollups.
 * Knows nothing of links or users beyond their ids. The visitor's country is looked up here, in the country
 * database read into memory at start (exported: the checkouts keep their buyer's country).
 */
@Module({
  providers: [
    { provide: CountryLookup, useFactory: () => MmdbCountryLookup.load() },
    { provide: VisitorSalts, useClass: PostgresVisitorSalts },
    {
      provide: EventHandOver,
      inject: [ENV, REDIS, JobQueues],
      useFactory: (env: Env, redis: Redis | null, queues: JobQueues) =>
        redis ? new RedisStreamEventHandOver(redis, env.REDIS_KEY_PREFIX) : new QueuedEventHandOver(queues),
    },
    { provide: AnalyticsRecorder, useClass: BatchingAnalyticsRecorder },
    { provide: AnalyticsReader, useClass: PostgresAnalyticsReader },
    GetAnalyticsOverviewUseCase,
  ],
  exports: [AnalyticsRecorder, AnalyticsReader, GetAnalyticsOverviewUseCase, CountryLookup],
})
export class AnalyticsModule {}
