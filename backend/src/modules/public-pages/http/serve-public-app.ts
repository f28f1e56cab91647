import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import type { PublicAppBuild } from '../infrastructure/public-app-build.js';
import { PUBLIC_APP_BUILD } from '../public-pages.tokens.js';
import { isPublicPagePath } from './public-page-paths.js';

/**
 * Mounts the public app's hashed client files (the booking page's script) under /p/assets/, cached for a
 * year, and answers which page paths are the public pages' (for serveDashboard to leave them alone).
 * Without a public app build, nothing is mounted and every page path stays the dashboard's.
 */
export function servePublicApp(app: NestExpressApplication): { isPublicPagePath: (path: string) => boolean } {
  const build = app.get<PublicAppBuild | null>(PUBLIC_APP_BUILD);
  if (!build) return { isPublicPagePath: () => false };
  app.use(
    build.clientAssetsPath.replace(/\/$/, ''),
    express.static(build.clientAssetsDirectory, {
      immutable: true,
      maxAge: '365d',
      index: false,
      fallthrough: false,
      redirect: false,
    }),
  );
  return { isPublicPagePath };
}
