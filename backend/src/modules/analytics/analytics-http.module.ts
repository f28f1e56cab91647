import { Module } from '@nestjs/common';
import { AnalyticsModule } from './analytics.module.js';
import { GetAnalyticsReportUseCase } from './application/get-analytics-report.use-case.js';
import { GetDailyAnalyticsUseCase } from './application/get-daily-analytics.use-case.js';
import { AnalyticsReportReader } from './application/ports/analytics-report-reader.js';
import { OwnedLinks } from './application/ports/owned-links.js';
import { AnalyticsReportController } from './http/analytics-report.controller.js';
import { AnalyticsController } from './http/analytics.controller.js';
import { PostgresAnalyticsReportReader } from './infrastructure/postgres-analytics-report.reader.js';
import { PostgresOwnedLinks } from './infrastructure/postgres-owned-links.js';

/**
 * The creator's analytics: the overview, the Premium daily series and the Premium report, which also need the
 * creator's links (titles, how many are on), read from the links table through the OwnedLinks port; the
 * report reads the rollups and the sales through AnalyticsReportReader.
 */
@Module({
  imports: [AnalyticsModule],
  controllers: [AnalyticsController, AnalyticsReportController],
  providers: [
    { provide: OwnedLinks, useClass: PostgresOwnedLinks },
    { provide: AnalyticsReportReader, useClass: PostgresAnalyticsReportReader },
    GetDailyAnalyticsUseCase,
    GetAnalyticsReportUseCase,
  ],
})
export class AnalyticsHttpModule {}
