import { Controller, Get, UseGuards } from '@nestjs/common';
import type { AnalyticsView } from '@linkbio/shared-contracts';
import type { User } from '../../identity/domain/user.js';
import { CurrentUser, SignedInGuard } from '../../identity/http/signed-in.guard.js';
import { ListLinksUseCase } from '../../links/application/list-links.use-case.js';
import { GetAnalyticsOverviewUseCase } from '../application/get-analytics-overview.use-case.js';

@Controller('api/analytics')
export class AnalyticsController {
  constructor(
    private readonly overview: GetAnalyticsOverviewUseCase,
    private readonly links: ListLinksUseCase,
  ) {}

  @Get()
  @UseGuards(SignedInGuard)
  async get(@CurrentUser() user: User): Promise<AnalyticsView> {
    return this.overview.execute(user.id, await this.links.countActive(user.id));
  }
}
