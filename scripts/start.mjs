// `npm start`: the whole product on one port. With DATABASE_URL unset it runs an embedded PostgreSQL with
// its data under .data/ (kept between runs); with REDIS_URL set, sessions and job queues live in Redis,
// else in PostgreSQL. Migrations run first, then the API and the worker. Ctrl-C stops everything cleanly.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { dataDir, loadDotEnv, localSessionSecret, ROOT } from './lib/env.mjs';
import { startEmbeddedPostgres } from './lib/embedded-postgres.mjs';
import { onShutdownSignal, run, stopChild } from './lib/processes.mjs';

const log = (message) => console.log(`[start] ${message}`);

async function main() {
  loadDotEnv();
  const env = { ...process.env };
  env.PORT ??= '3000';
  const dir = dataDir();
  const cleanups = [];

  let stopping = false;
  const children = [];
  const shutdown = async (code) => {
    if (stopping) return;
    stopping = true;
    log('Stopping…');
    await Promise.all(children.map((child) => stopChild(child)));
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    process.exit(code);
  };
  onShutdownSignal(() => void shutdown(0));

  try {
    if (!env.DATABASE_URL) {
      const database = await startEmbeddedPostgres({ dataDir: dir, log });
      cleanups.push(database.stop);
      env.DATABASE_URL = database.url;
      log('Embedded PostgreSQL is running (data in .data/postgres).');
    }
    if (!env.SESSION_SECRET) {
      if (env.NODE_ENV === 'production') throw new Error('SESSION_SECRET must be set in production.');
      env.SESSION_SECRET = await localSessionSecret(dir);
    }
    log(env.REDIS_URL ? 'Sessions and job queues on Redis.' : 'Sessions and job queues on PostgreSQL (set REDIS_URL to use Redis).');

    await run(process.execPath, [resolve(ROOT, 'backend/dist/database/migrate.js')], { env });
    if (stopping) return;

    // The API answers requests and enqueues; the worker counts analytics, pays out weekly and sweeps.
    for (const [name, entry] of [
      ['API', 'backend/dist/main.js'],
      ['worker', 'backend/dist/worker.main.js'],
    ]) {
      const child = spawn(process.execPath, [resolve(ROOT, entry)], { env, stdio: 'inherit' });
      children.push(child);
      child.on('exit', (code) => {
        if (!stopping) {
          log(`The ${name} stopped (exit ${code}).`);
          void shutdown(code || 1);
        }
      });
    }
    log(`Open http://localhost:${env.PORT}`);
  } catch (error) {
    console.error(`[start] ${error instanceof Error ? error.message : error}`);
    await shutdown(1);
  }
}

void main();
