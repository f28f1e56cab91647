// `npm start`: the whole product on one port. With DATABASE_URL unset it runs an embedded PostgreSQL with
// its data under .data/ (kept between runs); with REDIS_URL set, sessions and job queues live in Redis,
// else in PostgreSQL. Migrations run first, then the API and the worker; either one that crashes is started
// again. Ctrl-C (or SIGTERM) stops everything in order: the API and the worker finish what they hold and
// close, then the database stops; the exit code is 0.
import { relative, resolve } from 'node:path';
import { dataDir, loadDotEnv, localSessionSecret, ROOT } from './lib/env.mjs';
import { startEmbeddedPostgres } from './lib/embedded-postgres.mjs';
import { waitForHttp } from './lib/ports.mjs';
import { requireNode } from './lib/node-version.mjs';
import { onShutdownSignal, OWN_GROUP, runQuietly, supervise } from './lib/processes.mjs';

const log = (message) => console.log(`[start] ${message}`);
const fail = (message) => console.error(`[start] ${message}`);

/** How long the API and the worker get to close before they are killed; the whole stop stays under 5 s. */
const CLOSE_GRACE_MS = 3_500;

/** A folder as a person would type it: relative to the project when inside it. */
const shown = (path) => {
  const inside = relative(ROOT, path);
  return inside && !inside.startsWith('..') ? inside : path;
};

/** The address people open: localhost unless HOST names one address. */
function addresses(env) {
  const host = env.HOST && !['0.0.0.0', '::'].includes(env.HOST) ? env.HOST : null;
  const inUrl = host?.includes(':') ? `[${host}]` : host;
  return {
    open: `http://${inUrl ?? 'localhost'}:${env.PORT}`,
    health: `http://${inUrl ?? '127.0.0.1'}:${env.PORT}/api/health`,
  };
}

async function main() {
  requireNode('start');
  loadDotEnv();
  const env = { ...process.env };
  env.PORT ??= '3000';
  const dir = dataDir();
  const cleanups = [];
  const services = [];
  let migrating = null;

  let stopping = false;
  const shutdown = async (code) => {
    if (stopping) return;
    stopping = true;
    log('Stopping…');
    await migrating?.catch(() => undefined);
    await Promise.all(services.map((service) => service.stop(CLOSE_GRACE_MS)));
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    log(code === 0 ? 'Stopped.' : 'Stopped after an error.');
    process.exit(code);
  };
  onShutdownSignal(() => void shutdown(0));

  try {
    if (!env.DATABASE_URL) {
      const database = await startEmbeddedPostgres({ dataDir: dir, log });
      cleanups.push(database.stop);
      env.DATABASE_URL = database.url;
      log(`Database: embedded PostgreSQL, data in ${shown(resolve(dir, 'postgres'))} (set DATABASE_URL to use your own).`);
    } else log('Database: the PostgreSQL named by DATABASE_URL.');
    if (stopping) return;
    if (!env.SESSION_SECRET) {
      if (env.NODE_ENV === 'production') throw new Error('SESSION_SECRET must be set in production.');
      env.SESSION_SECRET = await localSessionSecret(dir);
    }
    log(env.REDIS_URL ? 'Sessions and job queues: Redis (REDIS_URL).' : 'Sessions and job queues: PostgreSQL (set REDIS_URL to use Redis).');
    const mailDir = env.MAIL_DIR || resolve(dir, 'mail');
    log(env.SMTP_URL ? 'E-mail: sent through SMTP_URL.' : `E-mail: written as .eml files to ${shown(mailDir)} (set SMTP_URL to send it).`);
    const objectsDir = env.OBJECTS_DIR || resolve(dir, 'objects');
    log(env.S3_BUCKET ? `Uploads: S3 bucket ${env.S3_BUCKET}.` : `Uploads: ${shown(objectsDir)} (set S3_BUCKET to use S3).`);

    // Its own process group, like the services: Ctrl-C during the migrations lets them finish first.
    migrating = runQuietly(process.execPath, [resolve(ROOT, 'backend/dist/database/migrate.js')], { env, detached: OWN_GROUP });
    const migrated = (await migrating).trim().split('\n').at(-1);
    migrating = null;
    if (stopping) return;
    log(`Migrations: ${migrated.startsWith('Applied ') ? `applied ${migrated.split(', ').length}` : 'up to date'}.`);

    const onFailedStart = (message) => {
      fail(message);
      void shutdown(1);
    };
    // The API answers requests and enqueues; the worker counts analytics, pays out weekly and sweeps.
    for (const [name, entry] of [
      ['API', 'backend/dist/main.js'],
      ['worker', 'backend/dist/worker.main.js'],
    ]) {
      services.push(supervise({ name, entry: resolve(ROOT, entry), env, log, onFailedStart }));
    }

    const { open, health } = addresses(env);
    await Promise.all([waitForHttp(health, 120_000), ...services.map((service) => service.ready)]);
    if (!stopping) log(`Linkbio is running on ${open} (Ctrl-C stops it).`);
  } catch (error) {
    if (stopping) return;
    fail(error instanceof Error ? error.message : String(error));
    await shutdown(1);
  }
}

void main();
