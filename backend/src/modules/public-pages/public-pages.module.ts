import { Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import type { Env } from '../../config/env.js';
import { ENV } from '../../shared/infrastructure/infrastructure.tokens.js';
import { AnalyticsModule } from '../analytics/analytics.module.js';
import { SchedulingModule } from '../scheduling/scheduling.module.js';
import { SessionTypesModule } from '../session-types/session-types.module.js';
import { ObjectStorage } from '../media/application/ports/object-storage.js';
import { MediaModule } from '../media/media.module.js';
import { FollowLinkUseCase } from './application/follow-link.use-case.js';
import { LegalTexts } from './application/ports/legal-texts.js';
import { PublicPageRenderer } from './application/ports/public-page.renderer.js';
import { PublicPageSource } from './application/ports/public-page.source.js';
import { ViewPublicPageUseCase } from './application/view-public-page.use-case.js';
import { PublicPageResponder } from './http/public-page-responder.js';
import { LegalPagesController } from './http/legal-pages.controller.js';
import { PublicPagesController } from './http/public-pages.controller.js';
import { CachedPublicPageSource } from './infrastructure/cached-public-page.source.js';
import { MarkdownFileLegalTexts } from './infrastructure/markdown-file-legal-texts.js';
import { PostgresPublicPageSource } from './infrastructure/postgres-public-page.source.js';
import { loadPublicAppBuild, type PublicAppBuild } from './infrastructure/public-app-build.js';
import { ReactSsrPublicPageRenderer } from './infrastructure/react-ssr-public-page.renderer.js';
import { PUBLIC_APP_BUILD, PUBLIC_PAGES_POOL } from './public-pages.tokens.js';

/**
 * The visitors' pages (/{username}, /book/{username}, /go/{linkId}) and their JSON calls, read from their own
 * read model (one query a page, kept per page version) and rendered by public-app's server entry. Knows the
 * creators' and links' tables only through that read model, analytics only through its recorder, the booking
 * page's open times only through scheduling's OpenSlots and its session types only through SessionTypeCatalog.
 * Also /privacy and /terms (LegalTexts).
 * Register it last: its `/:username` route is the broadest.
 */
@Module({
  imports: [AnalyticsModule, SchedulingModule, MediaModule, SessionTypesModule],
  // LegalPagesController first: PublicPagesController's `/:username` would take /privacy and /terms.
  controllers: [LegalPagesController, PublicPagesController],
  providers: [
    { provide: PUBLIC_APP_BUILD, inject: [ENV], useFactory: (env: Env) => loadPublicAppBuild(env.PUBLIC_APP_DIST_DIR) },
    {
      provide: PublicPageRenderer,
      inject: [PUBLIC_APP_BUILD],
      useFactory: (build: PublicAppBuild | null) => new ReactSsrPublicPageRenderer(build),
    },
    // A pool of its own, small (reads share one versions query at a time), failing fast when the database is away.
    {
      provide: PUBLIC_PAGES_POOL,
      inject: [ENV],
      useFactory: (env: Env) => {
        const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 4, connectionTimeoutMillis: 2000, query_timeout: 5000 });
        pool.on('error', (error) => new Logger('PublicPages').error(`Database connection lost: ${error.message}`));
        return pool;
      },
    },
    {
      provide: PublicPageSource,
      inject: [PUBLIC_PAGES_POOL, ObjectStorage],
      useFactory: (pool: pg.Pool, storage: ObjectStorage) =>
        new CachedPublicPageSource(new PostgresPublicPageSource(pool, (key) => storage.publicURL(key))),
    },
    // Read and rendered here, at start: a configured file that cannot be read stops the API with its name.
    {
      provide: LegalTexts,
      inject: [ENV],
      useFactory: (env: Env) =>
        new MarkdownFileLegalTexts({
          privacy: { file: env.PRIVACY_POLICY_FILE, variable: 'PRIVACY_POLICY_FILE' },
          terms: { file: env.TERMS_FILE, variable: 'TERMS_FILE' },
        }),
    },
    ViewPublicPageUseCase,
    FollowLinkUseCase,
    PublicPageResponder,
  ],
  exports: [PublicPageResponder],
})
export class PublicPagesModule implements OnApplicationShutdown {
  constructor(@Inject(PUBLIC_PAGES_POOL) private readonly pool: pg.Pool) {}

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}
