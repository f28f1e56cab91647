import pg from 'pg';

export default async function globalTeardown() {
  const name = process.env.TEST_DATABASE_NAME;
  if (!name || !process.env.DATABASE_URL) return;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}
