import 'reflect-metadata';
import 'dotenv/config';
import { MikroORM } from '@mikro-orm/postgresql';
import { migrateQueueSchema } from '../shared/queues/queue-connection.js';
import { DEFAULT_QUEUE_SCHEMA } from '../shared/queues/queue-definitions.js';
import { mikroOrmConfig } from './mikro-orm.config.js';

/**
 * Brings the database named by DATABASE_URL up to the latest migration, and, when the job queues live in
 * PostgreSQL (REDIS_URL unset), BullMQ's queue tables in QUEUE_SCHEMA.
 */
export async function migrate(databaseUrl: string, source: Record<string, string | undefined> = process.env): Promise<string[]> {
  const orm = await MikroORM.init(mikroOrmConfig(databaseUrl, 1));
  try {
    const applied = await orm.getMigrator().up();
    if (!source.REDIS_URL) await migrateQueueSchema(databaseUrl, source.QUEUE_SCHEMA || DEFAULT_QUEUE_SCHEMA);
    return applied.map((m) => m.name);
  } finally {
    await orm.close(true);
  }
}


const isEntryPoint = import.meta.url === `file://${process.argv[1]}`;
if (isEntryPoint) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('DATABASE_URL is not set: name the PostgreSQL database to migrate.');
    process.exit(1);
  }
  migrate(url).then(
    (names) => console.log(names.length ? `Applied ${names.join(', ')}` : 'Database is up to date'),
    (error: unknown) => {
      console.error('Migration failed:', error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
