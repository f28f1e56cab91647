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
  '/dashboard/earnings',
  '/subscribe',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
]);
/** A visitor's manage page for their paid session, /booking/{token} (the link in their receipt). */
const BOOKING_MANAGE_ROUTE = /^\/booking\/[A-Za-z0-9_-]{1,100}$/;

/**
 * The landing page rendered ahead of time (the dashboard app's build step, scripts/prerender.mjs) shows the
 * site's address in its claim boxes as this marker; it is the one in the app's claim-box.tsx.
 */
const SITE_HOST_MARKER = '%SITE_HOST%';

/**
 * Serves the dashboard app's build on the API's origin: hashed assets cached for a year, the app's
 * index.html for its routes (200) and for unknown paths (404, where the app shows '404 Page Not Found').
 * '/' is the landing page: for visitors who are not signed in, the build's landing.html, which paints
 * without the app; signed-in creators get the app, whose landing knows them. Paths for which
 * `servedElsewhere` is true (the public pages) are left to the controllers.
 */
export function serveDashboard(
  app: NestExpressApplication,
  distDir: string,
  servedElsewhere: (path: string) => boolean = () => false,
  publicUrl?: string,
): void {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    new Logger('Web').warn(`No dashboard build in ${distDir}: run \`npm run build\` to serve the pages.`);
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  const landingFile = join(distDir, 'landing.html');
  const landingHtml = existsSync(landingFile) ? readFileSync(landingFile, 'utf8') : null;
  const landingFor = (host: string) => landingHtml!.replaceAll(SITE_HOST_MARKER, escapeHtml(host));
  // The address the claim boxes show: PUBLIC_URL's host when set (as in production: the page is filled once),
  // else the request's.
  const landingAtPublicUrl = landingHtml && publicUrl ? landingFor(new URL(publicUrl).host) : null;

  app.use('/assets', express.static(join(distDir, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: false }));
  // The app's other top-level files (favicon, manifest…); the API's paths are never files, so they skip the look-up.
  const topLevelFiles = express.static(distDir, { index: false, maxAge: '1h', redirect: false });
  app.use((req: Request, res: Response, next: NextFunction) => (isApiPath(req.path) ? next() : topLevelFiles(req, res, next)));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isApiPath(req.path)) return next();
    if (servedElsewhere(req.path)) return next();
    res.set('Cache-Control', 'no-cache').type('html');
    if (req.path === '/' && landingHtml) {
      // The same address answers differently with and without a session.
      res.vary('Cookie');
      if (!req.isAuthenticated?.()) return void res.send(landingAtPublicUrl ?? landingFor(req.get('host') ?? ''));
    }
    res.status(DASHBOARD_ROUTES.has(req.path) || BOOKING_MANAGE_ROUTE.test(req.path) ? 200 : 404).send(indexHtml);
  });
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');
