import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/analytics.module.js';
import { MediaModule } from '../media/media.module.js';
import { ChangeLinkThumbnailUseCase } from './application/change-link-thumbnail.use-case.js';
import { ChangeLinkUseCase } from './application/change-link.use-case.js';
import { CreateLinkUseCase } from './application/create-link.use-case.js';
import { ListLinksUseCase } from './application/list-links.use-case.js';
import { LinkRepository } from './application/ports/link.repository.js';
import { LinkThumbnailsController } from './http/link-thumbnails.controller.js';
import { LinksController } from './http/links.controller.js';
import { MikroOrmLinkRepository } from './infrastructure/mikro-orm-link.repository.js';

@Module({
  imports: [AnalyticsModule, MediaModule],
  controllers: [LinksController, LinkThumbnailsController],
  providers: [
    { provide: LinkRepository, useClass: MikroOrmLinkRepository },
    CreateLinkUseCase,
    ChangeLinkUseCase,
    ListLinksUseCase,
    ChangeLinkThumbnailUseCase,
  ],
  exports: [ListLinksUseCase, LinkRepository],
})
export class LinksModule {}
