import type { OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { EventHandOver } from '../application/ports/event-hand-over.js';
import type { EventBatch } from '../domain/analytics.js';
import { analyticsStreamKey, entryFields } from './analytics-stream.js';

/**
 * Batches handed over as entries on a Redis stream (analytics-stream.ts): one XADD a batch. A job on the analytics
 * queue would cost the queue's scripts on adding, taking and finishing it; an entry costs Redis one append, and
 * the worker reads hundreds at once. The XADDs go on a connection of their own, made from the shared client's
 * options without its auto-pipelining: one command a batch gains nothing from it, and would pay for a pipeline.
 */
export class RedisStreamEventHandOver extends EventHandOver implements OnApplicationShutdown {
  private readonly key: string;
  private readonly redis: Redis;

  constructor(shared: Redis, keyPrefix: string) {
    super();
    this.key = analyticsStreamKey(keyPrefix);
    this.redis = shared.duplicate({ enableAutoPipelining: false });
    this.redis.on('error', () => undefined); // the recorder reports a batch that could not be handed over
  }

  async send(batch: EventBatch): Promise<void> {
    await this.redis.xadd(this.key, '*', ...entryFields(batch));
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.redis.status === 'ready') await this.redis.quit();
    else this.redis.disconnect();
  }
}
