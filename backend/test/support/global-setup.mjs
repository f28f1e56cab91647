import pg from 'pg';
import { migrate } from '../../dist/database/migrate.js';

/**
 * Makes a fresh database for this run next to the one DATABASE_URL names and migrates it with the built
 * migrations (the same code `npm run migrate` runs). The specs read its address from TEST_DATABASE_URL.
 */
export default async function globalSetup() {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    throw new Error('DATABASE_URL is not set. Run the tests with `npm test`, which starts PostgreSQL and Redis for them.');
  }
  const name = `linkbio_test_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  process.env.TEST_DATABASE_URL = url.toString();
  process.env.TEST_DATABASE_NAME = name;
  await migrate(url.toString());
}
