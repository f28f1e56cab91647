import 'reflect-metadata';
import 'dotenv/config';
import { Logger } from '@nestjs/common';
import { loadEnv } from './config/env.js';
import { createApp } from './create-app.js';
import { drainOnClose } from './shared/http-drain.js';
import { createLogger } from './shared/logging/logger.js';
import { QuietStartupLogger } from './shared/quiet-startup-logger.js';
import { closeOnSignals } from './shared/shutdown.js';
import { closeWithSupervisor, reportReady } from './shared/supervised.js';

async function bootstrap(): Promise<void> {
  const env = loadEnv();
  const log = createLogger({ level: env.LOG_LEVEL, nodeEnv: env.NODE_ENV });
  // The lines still buffered are written before the process ends, however it ends.
  process.once('exit', log.flush);
  Logger.overrideLogger(new QuietStartupLogger(log.logger));
  const app = await createApp(env, { logger: log.logger });
  closeOnSignals(app, 'API', drainOnClose(app.getHttpServer()));
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
