import 'reflect-metadata';
import 'dotenv/config';
import { Logger } from '@nestjs/common';
import { loadEnv } from './config/env.js';
import { createWorker } from './create-worker.js';
import { createLogger } from './shared/logging/logger.js';
import { QuietStartupLogger } from './shared/quiet-startup-logger.js';
import { closeOnSignals } from './shared/shutdown.js';
import { closeWithSupervisor, reportReady } from './shared/supervised.js';

/** The worker process: aggregates analytics, runs weekly payouts and the sweeps. SIGTERM drains it. */
async function bootstrap(): Promise<void> {
  const env = loadEnv();
  const log = createLogger({ level: env.LOG_LEVEL, nodeEnv: env.NODE_ENV });
  // The lines still buffered are written before the process ends, however it ends.
  process.once('exit', log.flush);
  Logger.overrideLogger(new QuietStartupLogger(log.logger));
  closeOnSignals(await createWorker(env), 'worker');
  closeWithSupervisor();
  const metrics = env.WORKER_METRICS_PORT === undefined ? '' : ` (metrics on http://localhost:${env.WORKER_METRICS_PORT}/metrics)`;
  Logger.log(`Worker started${metrics}`, 'Bootstrap');
  reportReady();
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
