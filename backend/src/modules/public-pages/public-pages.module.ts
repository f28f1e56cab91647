import { Module } from '@nestjs/common';
import type { Env } from '../../config/env.js';
import { ENV } from '../../shared/infrastructure/infrastructure.tokens.js';
import { IdentityModule } from '../identity/identity.module.js';
import { LinksModule } from '../links/links.module.js';
import { PublicPageRenderer } from './application/ports/public-page.renderer.js';
import { PublicPagesController } from './http/public-pages.controller.js';
import { loadPublicAppBuild, type PublicAppBuild } from './infrastructure/public-app-build.js';
import { ReactSsrPublicPageRenderer } from './infrastructure/react-ssr-public-page.renderer.js';
import { PUBLIC_APP_BUILD } from './public-pages.tokens.js';

/**
 * The visitors' pages (/{username}, /book/{username}, /go/{linkId}), rendered by public-app's server entry
 * from the identity and links modules' use cases. Register it last: its `/:username` route is the broadest.
 */
@Module({
  imports: [IdentityModule, LinksModule],
  controllers: [PublicPagesController],
  providers: [
    { provide: PUBLIC_APP_BUILD, inject: [ENV], useFactory: (env: Env) => loadPublicAppBuild(env.PUBLIC_APP_DIST_DIR) },
    {
      provide: PublicPageRenderer,
      inject: [PUBLIC_APP_BUILD],
      useFactory: (build: PublicAppBuild | null) => new ReactSsrPublicPageRenderer(build),
    },
  ],
})
export class PublicPagesModule {}
