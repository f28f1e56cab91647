import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Env } from './config/env.js';
import { WorkerModule } from './worker.module.js';

/** The worker as worker.main.ts starts it; tests start it the same way. */
export async function createWorker(env: Env): Promise<INestApplicationContext> {
  const worker = await NestFactory.createApplicationContext(WorkerModule.forEnv(env), {
    logger: env.NODE_ENV === 'test' ? ['error', 'warn'] : ['log', 'error', 'warn'],
  });
  await worker.init();
  return worker;
}
