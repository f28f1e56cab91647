import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';

/** The creators' screens (spec §2); every other page path that is not the API is the 404 page. */
const DASHBOARD_ROUTES = new Set([
  '/',
  '/auth',
  '/dashboard',
  '/dashboard/account',
  '/subscribe',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
]);

/**
 * Serves the dashboard app's build on the API's origin: hashed assets cached for a year, the app's
 * index.html for its routes (200) and for unknown paths (404, where the app shows '404 Page Not Found').
 * Paths for which `servedElsewhere` is true (the public pages) are left to the controllers.
 */
export function serveDashboard(
  app: NestExpressApplication,
  distDir: string,
  servedElsewhere: (path: string) => boolean = () => false,
): void {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    new Logger('Web').warn(`No dashboard build in ${distDir}: run \`npm run build\` to serve the pages.`);
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');

  app.use('/assets', express.static(join(distDir, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: false }));
  // The app's other top-level files (favicon, manifest…); the API's paths are never files, so they skip the look-up.
  const topLevelFiles = express.static(distDir, { index: false, maxAge: '1h', redirect: false });
  app.use((req: Request, res: Response, next: NextFunction) => (isApiPath(req.path) ? next() : topLevelFiles(req, res, next)));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isApiPath(req.path)) return next();
    if (servedElsewhere(req.path)) return next();
    res
      .status(DASHBOARD_ROUTES.has(req.path) ? 200 : 404)
      .set('Cache-Control', 'no-cache')
      .type('html')
      .send(indexHtml);
  });
}

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');
