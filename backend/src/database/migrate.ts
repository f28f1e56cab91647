import 'reflect-metadata';
import 'dotenv/config';
import { MikroORM } from '@mikro-orm/postgresql';
import { mikroOrmConfig } from './mikro-orm.config.js';

/** Brings the database named by DATABASE_URL up to the latest migration. */
export async function migrate(databaseUrl: string): Promise<string[]> {
  const orm = await MikroORM.init(mikroOrmConfig(databaseUrl, 1));
  try {
    const applied = await orm.getMigrator().up();
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
