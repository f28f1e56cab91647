import 'reflect-metadata';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import express, { type NextFunction, type Request, type Response } from 'express';
import session, { type Store } from 'express-session';
import compression from 'compression';
import proxyaddr from 'proxy-addr';
import passport from 'passport';
import { AppModule } from './app.module.js';
import { allowedOrigins as allowedOriginsOf, sessionSecrets, trustProxySetting, type Env } from './config/env.js';
import { SESSION_COOKIE, SESSION_LIFETIME_MS } from './modules/identity/identity.constants.js';
import { SESSION_STORE } from './modules/identity/identity.tokens.js';
import { UserRepository } from './modules/identity/application/ports/user.repository.js';
import { AuthController } from './modules/identity/http/auth.controller.js';
import { SessionCookies } from './modules/identity/http/session-cookies.js';
import { AnalyticsController } from './modules/analytics/http/analytics.controller.js';
import { isCalendarFeedPath } from './modules/calendar-feed/http/calendar-feed-paths.js';
import { LinksController } from './modules/links/http/links.controller.js';
import { ObjectStorage } from './modules/media/application/ports/object-storage.js';
import { UploadGrants } from './modules/media/application/ports/upload-grants.js';
import { localObjectsHandler } from './modules/media/http/local-objects.http.js';
import { isLinkImportPreview, LINK_IMPORT_PREVIEW_PATH, linkImportPreviewBody } from './modules/link-import/http/link-import-body.js';
import { LocalDiskObjectStorage, OBJECTS_PATH } from './modules/media/infrastructure/local-disk-object-storage.js';
import { publicFastPath } from './modules/public-pages/http/public-fast-path.js';
import { PublicPageResponder } from './modules/public-pages/http/public-page-responder.js';
import { servePublicApp } from './modules/public-pages/http/serve-public-app.js';
import { PUBLIC_APP_BUILD } from './modules/public-pages/public-pages.tokens.js';
import { DomainErrorFilter } from './shared/http/domain-error.filter.js';
import { jsonBody, noPrototypeKeys, sameSiteJsonOnly } from './shared/http/request-guards.js';
import { createValidationPipe } from './shared/http/validation.js';
import { wellFormedUrl } from './shared/http/well-formed-text.js';
import { Clock } from './shared/clock.js';
import { OperatorSignInLimit, requireOperator } from './shared/http/operator-auth.js';
import { PG_POOL, REDIS } from './shared/infrastructure/infrastructure.tokens.js';
import { limitersOver } from './shared/infrastructure/rate-limiters.js';
import { JobQueues } from './shared/queues/job-queues.js';
import { JobSchedules } from './shared/queues/job-schedules.js';
import { registerQueueMetrics } from './shared/queues/queue-metrics.js';
import { createLogger, type Logger } from './shared/logging/logger.js';
import { echoRequestIds, observeRequests } from './shared/logging/request-observer.js';
import { tracksResponses } from './shared/http-drain.js';
import { requestTimings, routeNamer, type Mount } from './shared/metrics/http-request-metrics.js';
import { METRICS_PATH, PrometheusMetrics } from './shared/metrics/prometheus.metrics.js';
import { serveApiDescription } from './openapi/api-description.js';
import { queueDashboard, QUEUE_DASHBOARD_PATH } from './web/queue-dashboard.js';
import { securityHeaderList, securityHeaders } from './web/security-headers.js';
import { serveDashboard } from './web/serve-dashboard.js';
import { isListPagePath } from './modules/audience/domain/list-emails.js';
import { signedInFastPath, type SignedInRead } from './web/signed-in-fast-path.js';

const STRIPE_WEBHOOK_PATH = '/api/webhooks/stripe';
const ADMIN_API_PATH = '/api/admin';
/**
 * Answers smaller than this go out as they are: a few kilobytes cross the network in the same round trip either
 * way, and a compression stream per answer cost the signed-in calls a fifth of their speed (bench).
 */
const COMPRESS_FROM_BYTES = 4096;

/**
 * Builds the API with its whole HTTP pipeline; used by main.ts and by the integration tests alike. Each
 * request's log line goes to `options.logger` (the tests' capture); unset, to a logger made from LOG_LEVEL.
 */
export async function createApp(env: Env, options: { logger?: Logger } = {}): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forEnv(env), {
    bodyParser: false,
    logger: env.NODE_ENV === 'test' ? ['error', 'warn'] : ['log', 'error', 'warn'],
  });
  app.set('trust proxy', trustProxySetting(env.TRUST_PROXY));
  app.disable('x-powered-by');
  app.use(echoRequestIds);
  app.use(securityHeaders());
  // Every path and query, of the API and the pages alike, decodes to acceptable text or answers 400 here.
  app.use(wellFormedUrl);
  app.use(compression({ threshold: COMPRESS_FROM_BYTES }));

  const orm = app.get(MikroORM);
  app.use((_req: Request, _res: Response, next: NextFunction) => RequestContext.create(orm.em, next));

  // The local object store: uploads arrive as binary PUTs (authorised by their signed URL, not a session)
  // outside /api and its JSON-only rule; checked images are served from here.
  const objects = app.get(ObjectStorage);
  if (objects instanceof LocalDiskObjectStorage) {
    app.use(OBJECTS_PATH, localObjectsHandler(objects, app.get(UploadGrants), app.get(Clock)));
  }

  // Stripe's webhook comes cross-site with a body whose signature covers the exact bytes: it gets the raw
  // body and skips the CSRF and JSON guards below (its signature is its authentication).
  app.use(STRIPE_WEBHOOK_PATH, express.raw({ type: () => true, limit: '512kb' }));
  const exceptWebhook =
    (middleware: (req: Request, res: Response, next: NextFunction) => unknown) => (req: Request, res: Response, next: NextFunction) =>
      req.originalUrl.split('?')[0] === STRIPE_WEBHOOK_PATH ? next() : middleware(req, res, next);

  // Operators' paths answer only to their HTTP Basic credentials: the queues' dashboard and the admin API;
  // wrong ones are counted per client address in the store of the other limits.
  const allowedOrigins = allowedOriginsOf(env);
  const limiters = limitersOver({ redis: app.get(REDIS), pool: app.get(PG_POOL), redisKeyPrefix: env.REDIS_KEY_PREFIX });
  const operatorOnly = requireOperator(env, new OperatorSignInLimit(limiters));
  app.use(QUEUE_DASHBOARD_PATH, operatorOnly, queueDashboard(app.get(JobQueues).all(), allowedOrigins));
  app.use(ADMIN_API_PATH, operatorOnly);

  // Metrics (Prometheus's scrape): here behind the operators' credentials, or on METRICS_PORT without them.
  const metrics = app.get(PrometheusMetrics);
  metrics.collectProcessMetrics();
  registerQueueMetrics(metrics, app.get(JobQueues), app.get(JobSchedules));
  if (env.METRICS_PORT === undefined) app.use(METRICS_PATH, operatorOnly, metrics.answer);
  else await metrics.listen(env.METRICS_PORT, env.HOST);

  app.use('/api', exceptWebhook(sameSiteJsonOnly(allowedOrigins)));
  // The import preview carries a file's text: read and checked by its own rules, which the two below then pass by.
  app.use(LINK_IMPORT_PREVIEW_PATH, linkImportPreviewBody);
  app.use('/api', exceptWebhook(jsonBody('64kb')));
  app.use('/api', exceptWebhook((req, res, next) => (isLinkImportPreview(req) ? next() : noPrototypeKeys(req, res, next))));

  app.use(
    session({
      name: SESSION_COOKIE,
      // Redis or PostgreSQL, kept in step with the list of signed-in devices (identity's SESSION_STORE).
      store: app.get<Store>(SESSION_STORE),
      secret: sessionSecrets(env),
      resave: false,
      saveUninitialized: false,
      rolling: true,
      proxy: undefined,
      cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: SESSION_LIFETIME_MS, path: '/' },
    }),
  );
  app.use(passport.initialize());
  app.use(passport.session());

  const publicApp = servePublicApp(app);
  // /booking-success is a server route (BillingController): it checks the payment and redirects. /order/{token}
  // is the buyer's order page (OrderPageController), /calendar/{token}.ics a creator's feed (CalendarFeedController).
  serveDashboard(
    app,
    env.DASHBOARD_DIST_DIR,
    (path) =>
      path === '/booking-success' ||
      path.startsWith('/order/') ||
      isCalendarFeedPath(path) ||
      publicApp.isPublicPagePath(path) ||
      isListPagePath(path),
    env.PUBLIC_URL,
  );

  serveApiDescription(app);
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new DomainErrorFilter());
  await app.init();
  answerHotPathsFirst(app, env, allowedOrigins);
  observeEveryRequest(app, metrics, options.logger ?? createLogger({ level: env.LOG_LEVEL, nodeEnv: env.NODE_ENV }).logger);
  return app;
}

/**
 * Every request is observed at the HTTP server, around the hot paths and Express alike: its id, its time in
 * the metrics, its log line, the drain's bookkeeping (the fast paths name their routes; Express's matched
 * route names the rest; the mounted handlers below, their prefix).
 */
function observeEveryRequest(app: NestExpressApplication, metrics: PrometheusMetrics, logger: Logger): void {
  const server = app.getHttpServer() as Server;
  const [handler] = server.listeners('request') as Array<(request: IncomingMessage, response: ServerResponse) => void>;
  if (!handler) return;
  const publicAssets = app.get<{ clientAssetsPath: string } | null>(PUBLIC_APP_BUILD)?.clientAssetsPath.replace(/\/$/, '');
  const mounts: Mount[] = [METRICS_PATH, QUEUE_DASHBOARD_PATH, OBJECTS_PATH, '/assets', ...(publicAssets ? [publicAssets] : [])].map((prefix) => ({
    prefix,
    label: prefix === METRICS_PATH ? prefix : `${prefix}/*`,
  }));
  server.removeListener('request', handler);
  server.on('request', observeRequests(handler, { logger, timing: requestTimings(metrics), routeOf: routeNamer(mounts) }));
  tracksResponses(server);
}

type TrustProxy = (address: string | undefined, hop: number) => boolean;

/** The request's scheme as Express's req.protocol reads it: a trusted proxy's X-Forwarded-Proto, else the socket's. */
function requestProtocol(trust: TrustProxy) {
  return (request: IncomingMessage): string => {
    const own = (request.socket as TLSSocket).encrypted ? 'https' : 'http';
    if (!trust(request.socket.remoteAddress, 0)) return own;
    const header = request.headers['x-forwarded-proto'];
    const value = (Array.isArray(header) ? header[0] : header) || own;
    return value.split(',')[0]!.trim();
  };
}

/**
 * The hot paths are answered before Express when they need nothing of its pipeline: the visitors' (bio page,
 * /go, the click call, the public profile) and the dashboard's signed-in reads (its own view, the links, the
 * analytics summary). Everything else reaches Express as before.
 */
function answerHotPathsFirst(app: NestExpressApplication, env: Env, allowedOrigins: string[]): void {
  const server = app.getHttpServer() as Server;
  const [expressHandler] = server.listeners('request') as Array<(request: IncomingMessage, response: ServerResponse) => void>;
  if (!expressHandler) return;
  const headers = securityHeaderList();
  const trust = (app.getHttpAdapter().getInstance() as express.Express).get('trust proxy fn') as TrustProxy;
  const protocolOf = requestProtocol(trust);
  // The visitor's address as Express's req.ip reads it: proxy-addr with the same trust function.
  const addressOf = (request: IncomingMessage) => proxyaddr(request, trust);

  const links = app.get(LinksController);
  const analytics = app.get(AnalyticsController);
  const auth = app.get(AuthController);
  const reads = new Map<string, SignedInRead>([
    ['/api/auth/me', (user) => auth.me(user)],
    ['/api/auth/session', (user) => auth.sessionOf(user)],
    ['/api/links', (user) => links.all(user)],
    ['/api/analytics', (user) => analytics.get(user)],
  ]);
  const sessions = new SessionCookies(app.get<Store>(SESSION_STORE), app.get(UserRepository), {
    name: SESSION_COOKIE,
    secrets: sessionSecrets(env),
    lifetimeMs: SESSION_LIFETIME_MS,
  });
  let handler = signedInFastPath(reads, sessions, { headers, sessionCookie: SESSION_COOKIE, protocolOf, compressFromBytes: COMPRESS_FROM_BYTES }, expressHandler);
  if (app.get(PUBLIC_APP_BUILD)) {
    handler = publicFastPath(
      app.get(PublicPageResponder),
      { headers, sessionCookie: SESSION_COOKIE, allowedOrigins: new Set(allowedOrigins), protocolOf, addressOf },
      handler,
    );
  }
  server.removeAllListeners('request');
  server.on('request', handler);
}
