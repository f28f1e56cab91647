import 'reflect-metadata';
import 'dotenv/config';
import { Logger } from '@nestjs/common';
import { loadEnv } from './config/env.js';
import { createWorker } from './create-worker.js';
import { closeOnSignals } from './shared/shutdown.js';

/** The worker process: aggregates analytics, runs weekly payouts and the sweeps. SIGTERM drains it. */
async function bootstrap(): Promise<void> {
  const env = loadEnv();
  closeOnSignals(await createWorker(env), 'worker');
  Logger.log('Worker started', 'Bootstrap');
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
