import { Controller, Get, Inject, Res } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Response } from 'express';
import type { Redis } from 'ioredis';
import { REDIS } from '../../shared/infrastructure/infrastructure.tokens.js';
import { within } from '../../shared/within.js';
import { AnalyticsRecorder } from '../analytics/application/ports/analytics-recorder.js';


@Controller('api/health')
export class HealthController {
  constructor(
    private readonly em: EntityManager,
    @Inject(REDIS) private readonly redis: Redis | null,
    private readonly recorder: AnalyticsRecorder,
  ) {}

  /**
   * 200 when the database (and Redis, where configured) answer; 503 naming what is down. While views and
   * clicks are held in memory (the queue was away) or some were dropped, `analytics` says how many.
   */
  @Get()
  async check(@Res({ passthrough: true }) response: Response) {
    const [database, redis] = await Promise.all([
      within(this.em.fork().execute('select 1'), 2000).then(() => 'up' as const, () => 'down' as const),
      this.redis ? within(this.redis.ping(), 2000).then(() => 'up' as const, () => 'down' as const) : 'not configured',
    ]);
    const down = [database === 'down' && 'database', redis === 'down' && 'Redis'].filter(Boolean);
    const backlog = this.recorder.backlog();
    const analytics = backlog.held > 0 || backlog.dropped > 0 ? { analytics: backlog } : {};
    if (down.length > 0) {
      response.status(503);
      return { statusCode: 503, message: `Unavailable: ${down.join(' and ')} ${down.length > 1 ? 'are' : 'is'} down`, database, redis, ...analytics };
    }
    return { status: 'ok', database, redis, ...analytics };
  }
}
