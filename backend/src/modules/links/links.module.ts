import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/analytics.module.js';
import { ChangeLinkUseCase } from './application/change-link.use-case.js';
import { CreateLinkUseCase } from './application/create-link.use-case.js';
import { ListLinksUseCase } from './application/list-links.use-case.js';
import { LinkOwnerPlans } from './application/ports/link-owner-plans.js';
import { LinkRepository } from './application/ports/link.repository.js';
import { RecordClickUseCase } from './application/record-click.use-case.js';
import { LinksController } from './http/links.controller.js';
import { MikroOrmLinkRepository } from './infrastructure/mikro-orm-link.repository.js';
import { PostgresLinkOwnerPlans } from './infrastructure/postgres-link-owner-plans.js';

@Module({
  imports: [AnalyticsModule],
  controllers: [LinksController],
  providers: [
    { provide: LinkRepository, useClass: MikroOrmLinkRepository },
    { provide: LinkOwnerPlans, useClass: PostgresLinkOwnerPlans },
    CreateLinkUseCase,
    ChangeLinkUseCase,
    ListLinksUseCase,
    RecordClickUseCase,
  ],
  exports: [ListLinksUseCase, RecordClickUseCase],
})
export class LinksModule {}
