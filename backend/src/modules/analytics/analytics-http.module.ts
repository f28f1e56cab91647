import { Module } from '@nestjs/common';
import { ListLinksUseCase } from '../links/application/list-links.use-case.js';
import { LinksModule } from '../links/links.module.js';
import { AnalyticsModule } from './analytics.module.js';
import { GetDailyAnalyticsUseCase } from './application/get-daily-analytics.use-case.js';
import { OwnedLinks } from './application/ports/owned-links.js';
import { AnalyticsController } from './http/analytics.controller.js';

/**
 * The creator's analytics: the overview and the Premium daily series, which also need the links module's
 * count of active links and the titles of the current links.
 */
@Module({
  imports: [AnalyticsModule, LinksModule],
  controllers: [AnalyticsController],
  providers: [
    {
      provide: OwnedLinks,
      inject: [ListLinksUseCase],
      useFactory: (links: ListLinksUseCase): OwnedLinks => ({
        listForOwner: async (ownerId) =>
          (await links.forOwner(ownerId)).map(({ link }) => ({ id: link.id, title: link.title })),
      }),
    },
    GetDailyAnalyticsUseCase,
  ],
})
export class AnalyticsHttpModule {}
