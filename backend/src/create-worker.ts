import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Env } from './config/env.js';
import { PrometheusMetrics } from './shared/metrics/prometheus.metrics.js';
import { WorkerModule } from './worker.module.js';

/** The worker as worker.main.ts starts it; tests start it the same way. */
export async function createWorker(env: Env): Promise<INestApplicationContext> {
  const worker = await NestFactory.createApplicationContext(WorkerModule.forEnv(env), {
    logger: env.NODE_ENV === 'test' ? ['error', 'warn'] : ['log', 'error', 'warn'],
  });
  await worker.init();
  // The worker has no other HTTP: its metrics (jobs, views and clicks counted) are on a port of their own, if asked for.
  if (env.WORKER_METRICS_PORT !== undefined) {
    const metrics = worker.get(PrometheusMetrics);
    metrics.collectProcessMetrics();
    try {
      await metrics.listen(env.WORKER_METRICS_PORT, env.HOST);
    } catch (error) {
      await worker.close();
      throw error;
    }
  }
  return worker;
}
