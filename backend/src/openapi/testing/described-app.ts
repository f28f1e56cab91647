import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { AppModule } from '../../app.module.js';
import { loadEnv } from '../../config/env.js';
import { controllersOf } from './controllers-of.js';

/**
 * The API's controllers in an application of their own, every dependency an empty stand-in: enough for the
 * OpenAPI scanner, which reads only their metadata. Never listens, never touches a store. For specs.
 */
export async function describedApp(): Promise<INestApplication> {
  const env = loadEnv({ NODE_ENV: 'test', DATABASE_URL: 'postgres://linkbio@127.0.0.1:5432/linkbio', SESSION_SECRET: 'description-only-session-secret-0123456789' });
  const moduleRef = await Test.createTestingModule({ controllers: controllersOf(AppModule.forEnv(env)) })
    .useMocker(() => ({}))
    .compile();
  return moduleRef.createNestApplication({ logger: false });
}
