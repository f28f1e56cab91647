import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { Env } from '../../config/env.js';
import { Clock, SystemClock } from '../clock.js';
import { ENV, PG_POOL, REDIS } from './infrastructure.tokens.js';

/** Connections shared across modules: a small pg pool (sessions, rate limits), Redis when configured, the clock. */
@Global()
@Module({})
export class InfrastructureModule implements OnApplicationShutdown {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(REDIS) private readonly redis: Redis | null,
  ) {}

  static forEnv(env: Env) {
    return {
      module: InfrastructureModule,
      providers: [
        { provide: ENV, useValue: env },
        { provide: Clock, useClass: SystemClock },
        { provide: PG_POOL, useFactory: () => new pg.Pool({ connectionString: env.DATABASE_URL, max: 4 }) },
        {
          provide: REDIS,
          useFactory: () => (env.REDIS_URL ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: true }) : null),
        },
      ],
      exports: [ENV, Clock, PG_POOL, REDIS],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([this.pool.end(), this.redis?.quit()]);
  }
}
