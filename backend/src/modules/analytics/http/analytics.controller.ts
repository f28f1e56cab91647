import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import type { AnalyticsView, DailyAnalyticsView } from '@linkbio/shared-contracts';
import type { User } from '../../identity/domain/user.js';
import { CurrentUser, SignedInGuard } from '../../identity/http/signed-in.guard.js';
import { GetAnalyticsOverviewUseCase } from '../application/get-analytics-overview.use-case.js';
import { OwnedLinks } from '../application/ports/owned-links.js';
import { GetDailyAnalyticsUseCase, parseRangeDays } from '../application/get-daily-analytics.use-case.js';
import { ApiOperation, ApiQuery } from '@nestjs/swagger';
import { Answers, Fails, NotModified } from '../../../shared/http/openapi/responses.js';
import { AnalyticsSummary, DailyAnalytics } from './analytics.openapi.js';

@Controller('api/analytics')
export class AnalyticsController {
  constructor(
    private readonly overview: GetAnalyticsOverviewUseCase,
    private readonly daily: GetDailyAnalyticsUseCase,
    private readonly links: OwnedLinks,
  ) {}

  @Get()
  @ApiOperation({ summary: 'All-time totals: clicks, views, click rate, active links' })
  @Answers(200, AnalyticsSummary, 'All-time totals.')
  @NotModified()
  @UseGuards(SignedInGuard)
  get(@CurrentUser() user: User): Promise<AnalyticsView> {
    return this.overview.execute(user.id, this.links.countActive(user.id));
  }

  /** Premium: the last 7, 30 or 90 UTC days (`days`, 30 when absent), day by day. */
  @Get('daily')
  @ApiOperation({ summary: 'Views, clicks and referrers day by day (Premium)' })
  @ApiQuery({ name: 'days', required: false, schema: { enum: [7, 30, 90], default: 30 } })
  @Answers(200, DailyAnalytics, 'Day by day.')
  @Fails(400, 403)
  @UseGuards(SignedInGuard)
  getDaily(@CurrentUser() user: User, @Query('days') days: string | string[] | undefined): Promise<DailyAnalyticsView> {
    return this.daily.execute({ id: user.id, isPremium: user.isPremium }, parseRangeDays(days));
  }
}
