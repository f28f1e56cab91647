import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Response } from 'express';
import type { Redis } from 'ioredis';
import { REDIS } from '../../shared/infrastructure/infrastructure.tokens.js';
import { JobSchedules } from '../../shared/queues/job-schedules.js';
import { within } from '../../shared/within.js';
import { AnalyticsRecorder } from '../analytics/application/ports/analytics-recorder.js';
import { pendingMigrations } from './pending-migrations.js';
import { Answers } from '../../shared/http/openapi/responses.js';
import { Health, Live, NotReady, Ready, Unhealthy } from './health.openapi.js';

const CHECK_MS = 2000;
const upOrDown = (check: Promise<unknown>) =>
  within(check, CHECK_MS).then(
    () => 'up' as const,
    () => 'down' as const,
  );

@Controller('api/health')
export class HealthController {
  constructor(
    private readonly em: EntityManager,
    @Inject(REDIS) private readonly redis: Redis | null,
    private readonly recorder: AnalyticsRecorder,
    private readonly schedules: JobSchedules,
  ) {}

  /**
   * 200 when the database (and Redis, where configured) answer; 503 naming what is down. While views and
   * clicks are held in memory (the queue was away) or some were dropped, `analytics` says how many.
   */
  @Get()
  @ApiOperation({ summary: 'Health: whether the database and Redis answer' })
  @Answers(200, Health, 'The stores answer.')
  @Answers(503, Unhealthy, 'A store is down.')
  async check(@Res({ passthrough: true }) response: Response) {
    const [database, redis] = await Promise.all([this.database(), this.redisState()]);
    const down = [database === 'down' && 'database', redis === 'down' && 'Redis'].filter(Boolean);
    const backlog = this.recorder.backlog();
    const analytics = backlog.held > 0 || backlog.dropped > 0 ? { analytics: backlog } : {};
    if (down.length > 0) {
      response.status(503);
      return {
        statusCode: 503,
        message: `Unavailable: ${down.join(' and ')} ${down.length > 1 ? 'are' : 'is'} down`,
        database,
        redis,
        ...analytics,
      };
    }
    return { status: 'ok', database, redis, ...analytics };
  }

  /** Liveness: the process answers. Asks nothing of the database or Redis, so an outage never restarts it. */
  @Get('live')
  @ApiOperation({ summary: 'Liveness: the process answers' })
  @Answers(200, Live, 'The process answers.')
  live() {
    return { status: 'ok' };
  }

  /**
   * Readiness of this process alone: 503 only when it cannot serve (the database or Redis, where configured,
   * does not answer, or the database lacks a migration of this build), naming what. The schedules live in
   * the shared queue store and are the workers' to keep: one missing would otherwise take every API process
   * out of the proxy at once, so `schedules` and `missingSchedules` say it in the body (and the
   * linkbio_job_schedule_missing metric) without changing the status.
   */
  @Get('ready')
  @ApiOperation({ summary: 'Readiness of this process: stores up, migrations current' })
  @Answers(200, Ready, 'Ready to serve (`schedules` says whether the queue store holds every repeating schedule).')
  @Answers(503, NotReady, 'Not ready: `message` says why.')
  async ready(@Res({ passthrough: true }) response: Response) {
    const [database, redis, migrations, schedules] = await Promise.all([
      this.database(),
      this.redisState(),
      within(pendingMigrations(this.em.fork()), CHECK_MS).then(
        (pending) =>
          pending.length === 0
            ? { migrations: 'current' as const }
            : { migrations: 'pending' as const, pendingMigrations: pending },
        () => ({ migrations: 'unknown' as const }),
      ),
      within(this.schedules.missing(), CHECK_MS).then(
        (missing) =>
          missing.length === 0
            ? { schedules: 'present' as const }
            : { schedules: 'missing' as const, missingSchedules: missing },
        () => ({ schedules: 'unknown' as const }),
      ),
    ]);
    const state = { database, redis, ...migrations, ...schedules };
    const notReady = [
      database === 'down' && 'the database is down',
      redis === 'down' && 'Redis is down',
      migrations.migrations === 'pending' && `migrations are pending (${migrations.pendingMigrations.join(', ')})`,
      migrations.migrations === 'unknown' && database === 'up' && 'the applied migrations cannot be read',
    ].filter((reason): reason is string => typeof reason === 'string');
    if (notReady.length > 0) {
      response.status(503);
      return { statusCode: 503, message: `Not ready: ${notReady.join('; ')}`, ...state };
    }
    return { status: 'ok', ...state };
  }

  private database() {
    return upOrDown(this.em.fork().execute('select 1'));
  }

  private redisState() {
    return this.redis ? upOrDown(this.redis.ping()) : Promise.resolve('not configured' as const);
  }
}
