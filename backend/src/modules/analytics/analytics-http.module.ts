import { Module } from '@nestjs/common';
import { AnalyticsModule } from './analytics.module.js';
import { GetDailyAnalyticsUseCase } from './application/get-daily-analytics.use-case.js';
import { OwnedLinks } from './application/ports/owned-links.js';
import { AnalyticsController } from './http/analytics.controller.js';
import { PostgresOwnedLinks } from './infrastructure/postgres-owned-links.js';

/**
 * The creator's analytics: the overview and the Premium daily series, which also need the creator's links
 * (titles, how many are on), read from the links table through the OwnedLinks port.
 */
@Module({
  imports: [AnalyticsModule],
  controllers: [AnalyticsController],
  providers: [{ provide: OwnedLinks, useClass: PostgresOwnedLinks }, GetDailyAnalyticsUseCase],
})
export class AnalyticsHttpModule {}
