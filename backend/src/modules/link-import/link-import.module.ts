import { Module } from '@nestjs/common';
import { LINKTREE_READS_PER_HOUR } from '@linkbio/shared-contracts';
import type { Env } from '../../config/env.js';
import { ENV } from '../../shared/infrastructure/infrastructure.tokens.js';
import { rateLimitProvider } from '../../shared/infrastructure/rate-limiters.js';
import { AnalyticsModule } from '../analytics/analytics.module.js';
import { LinksModule } from '../links/links.module.js';
import { ConfirmLinkImportUseCase } from './application/confirm-link-import.use-case.js';
import { LinktreePageReader } from './application/ports/linktree-page.reader.js';
import { LinktreeReadLimiter } from './application/ports/linktree-read.limiter.js';
import { PreviewLinkImportUseCase } from './application/preview-link-import.use-case.js';
import { LinkImportController } from './http/link-import.controller.js';
import { HttpLinktreePageReader, LINKTREE_ORIGIN } from './infrastructure/http-linktree-page.reader.js';

/**
 * Importing links from a Linktree page, a CSV file or a bookmarks file. Knows the links only through their
 * port (LinkRepository) and domain, and clicks through analytics' reader.
 */
@Module({
  imports: [LinksModule, AnalyticsModule],
  controllers: [LinkImportController],
  providers: [
    {
      provide: LinktreePageReader,
      inject: [ENV],
      useFactory: (env: Env) => new HttpLinktreePageReader(env.LINKTREE_ORIGIN ?? LINKTREE_ORIGIN),
    },
    rateLimitProvider(LinktreeReadLimiter, 'linktree_read', LINKTREE_READS_PER_HOUR, 60 * 60),
    PreviewLinkImportUseCase,
    ConfirmLinkImportUseCase,
  ],
})
export class LinkImportModule {}
