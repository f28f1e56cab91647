import { createPostgresBackend, Queue, runMigrations, Worker, type Processor, type QueueOptions, type WorkerOptions } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { Env } from '../../config/env.js';

/**
 * Where the queues live: Redis when REDIS_URL is set, else BullMQ's PostgreSQL backend in QUEUE_SCHEMA of the
 * product's own database. Each Queue or Worker gets its own connection from here and closes it itself.
 */
export interface QueueConnection {
  readonly kind: 'redis' | 'postgres';
  /** A producer's handle on a queue (fails fast when the store is away: a page view must not hang). */
  queue(name: string, options: Omit<QueueOptions, 'connection'>): Queue;
  /** A consumer (the worker), which waits for the store when it is away. */
  worker(name: string, processor: Processor | null, options: Omit<WorkerOptions, 'connection'>): Worker;
  /** Connections opened for Redis queues, closed after the queues and workers themselves. */
  close(): Promise<void>;
}

export function queueConnection(env: Env): QueueConnection {
  if (env.REDIS_URL) {
    const url = env.REDIS_URL;
    const opened: Redis[] = [];
    const open = (maxRetriesPerRequest: number | null) => {
      const connection = new Redis(url, { maxRetriesPerRequest });
      connection.on('error', () => undefined); // reported through the queues' and workers' own error events
      opened.push(connection);
      return { connection, prefix: `${env.REDIS_KEY_PREFIX}bull` };
    };
    return {
      kind: 'redis',
      queue: (name, options) => new Queue(name, { ...options, ...open(2) }),
      worker: (name, processor, options) => new Worker(name, processor, { ...options, ...open(null) }),
      async close() {
        await Promise.allSettled(opened.map((c) => (c.status === 'ready' ? c.quit() : Promise.resolve(c.disconnect()))));
      },
    };
  }
  const connection = { connectionString: env.DATABASE_URL, schema: env.QUEUE_SCHEMA, max: 2, skipMigrations: true };
  return {
    kind: 'postgres',
    // Each queue and worker owns a small pool plus one LISTEN connection, and closes them itself.
    queue: (name, options) => new Queue(name, { ...options, connection }, createPostgresBackend) as unknown as Queue,
    worker: (name, processor, options) => new Worker(name, processor, { ...options, connection }, createPostgresBackend) as unknown as Worker,
    close: () => Promise.resolve(),
  };
}

/**
 * Creates or upgrades the queue tables in QUEUE_SCHEMA when the queues live in PostgreSQL; part of
 * `npm run migrate`, never of a process's start, since several may start together.
 */
export async function migrateQueueSchema(databaseUrl: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await runMigrations(client, schema);
  } finally {
    await client.end();
  }
}
