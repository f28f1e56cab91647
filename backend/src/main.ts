import 'reflect-metadata';
import 'dotenv/config';
import { Logger } from '@nestjs/common';
import { loadEnv } from './config/env.js';
import { createApp } from './create-app.js';
import { closeOnSignals } from './shared/shutdown.js';

async function bootstrap(): Promise<void> {
  const env = loadEnv();
  const app = await createApp(env);
  closeOnSignals(app, 'API');
  if (env.HOST) await app.listen(env.PORT, env.HOST);
  else await app.listen(env.PORT);
  Logger.log(`API listening on http://localhost:${env.PORT}`, 'Bootstrap');
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
