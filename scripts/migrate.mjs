// `npm run migrate`: brings the database up to the latest migration — the one DATABASE_URL names, or the
// embedded PostgreSQL of `npm start` (in DATA_DIR) when it is unset. `npm start` runs the same migrations.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { dataDir, loadDotEnv, ROOT } from './lib/env.mjs';
import { startEmbeddedPostgres } from './lib/embedded-postgres.mjs';
import { run } from './lib/processes.mjs';

const migrator = resolve(ROOT, 'backend/dist/database/migrate.js');

async function main() {
  loadDotEnv();
  if (!existsSync(migrator)) throw new Error('The backend is not built: run `npm run build` first.');
  const env = { ...process.env };
  let stop = async () => {};
  if (!env.DATABASE_URL) {
    const database = await startEmbeddedPostgres({ dataDir: dataDir(), log: (m) => console.log(`[migrate] ${m}`) });
    env.DATABASE_URL = database.url;
    stop = database.stop;
  }
  try {
    await run(process.execPath, [migrator], { env });
  } finally {
    await stop();
  }
}

main().catch((error) => {
  console.error(`[migrate] ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
