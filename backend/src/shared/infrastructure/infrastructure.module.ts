import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { Env } from '../../config/env.js';
import { Clock, SystemClock } from '../clock.js';
import { ConfiguredLinkOrigin, LinkOrigin } from '../link-origin.js';
import { Metrics } from '../metrics/metrics.js';
import { PrometheusMetrics } from '../metrics/prometheus.metrics.js';
import { ENV, PG_POOL, REDIS } from './infrastructure.tokens.js';

/**
 * Connections shared across modules: a small pg pool (sessions, rate limits), Redis when configured, the clock,
 * where e-mailed links point (LinkOrigin), and the process's metrics (Prometheus).
 */
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
        { provide: LinkOrigin, useFactory: () => new ConfiguredLinkOrigin(env) },
        { provide: PG_POOL, useFactory: () => createPool(env.DATABASE_URL) },
        { provide: REDIS, useFactory: () => (env.REDIS_URL ? createRedis(env.REDIS_URL) : null) },
        PrometheusMetrics,
        { provide: Metrics, useExisting: PrometheusMetrics },
      ],
      exports: [ENV, Clock, LinkOrigin, PG_POOL, REDIS, PrometheusMetrics, Metrics],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    const redis = this.redis;
    const closeRedis = async () => {
      if (!redis) return;
      if (redis.status === 'ready') await redis.quit();
      else redis.disconnect();
    };
    await Promise.allSettled([this.pool.end(), closeRedis()]);
  }
}

const logger = new Logger('Infrastructure');

/** A lost idle connection is logged, not left to crash the process; the pool reconnects on demand. */
function createPool(connectionString: string): pg.Pool {
  const pool = new pg.Pool({ connectionString, max: 4 });
  pool.on('error', (error) => logger.error(`PostgreSQL connection lost: ${error.message}`));
  return pool;
}

/**
 * Sessions and rate limits on Redis. Until Redis first answers, commands wait for it (the process is starting);
 * after that, a command fails at once while Redis is away and after 2 s when it does not answer, so a request
 * gets 503 instead of waiting on reconnection attempts. The commands of one event-loop turn go out together in
 * one write (ioredis' auto-pipelining): under load, many requests' session reads share a system call.
 */
function createRedis(url: string): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 2000, enableAutoPipelining: true });
  let reported = false;
  redis.on('error', (error: Error) => {
    if (!reported) logger.error(`Redis unavailable: ${error.message}`);
    reported = true;
  });
  redis.on('ready', () => {
    reported = false;
    redis.options.enableOfflineQueue = false;
  });
  return redis;
}
