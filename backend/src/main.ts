import 'reflect-metadata';
import 'dotenv/config';
import type { Server } from 'node:http';
import { Logger } from '@nestjs/common';
import { loadEnv } from './config/env.js';
import { createApp } from './create-app.js';
import { drainOnClose } from './shared/http-drain.js';
import { createLogger } from './shared/logging/logger.js';
import { QuietStartupLogger } from './shared/quiet-startup-logger.js';
import { closeOnSignals } from './shared/shutdown.js';
import { closeWithSupervisor, reportReady } from './shared/supervised.js';

/**
 * How long an idle keep-alive connection stays open: longer than the proxies and clients in front keep theirs
 * (nginx's and load balancers' 60 s), so the API never closes one just as a request is sent over it (a reset
 * the client cannot tell from a failure: Node's own 5 s made an e2e spec's API client fail so). Closing the
 * server ends them at once all the same (drainOnClose).
 */
const KEEP_ALIVE_MS = 65_000;

async function bootstrap(): Promise<void> {
  const env = loadEnv();
  const log = createLogger({ level: env.LOG_LEVEL, nodeEnv: env.NODE_ENV });
  // The lines still buffered are written before the process ends, however it ends.
  process.once('exit', log.flush);
  Logger.overrideLogger(new QuietStartupLogger(log.logger));
  const app = await createApp(env, { logger: log.logger });
  const server = app.getHttpServer() as Server;
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  closeOnSignals(app, 'API', drainOnClose(server));
  closeWithSupervisor();
  if (env.HOST) await app.listen(env.PORT, env.HOST);
  else await app.listen(env.PORT);
  Logger.log(`API listening on http://localhost:${env.PORT}`, 'Bootstrap');
  reportReady();
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
