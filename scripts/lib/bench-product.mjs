// The product as `npm run bench` runs it: as deployed (NODE_ENV=production), on a database of its own and, when
// REDIS_URL is set, under a Redis key prefix of its own, with the API and the worker as separate processes so
// their memory can be read. Everything it makes is removed again by the cleanups it registers.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import { withDatabase } from './database.mjs';
import { startEmbeddedPostgres } from './embedded-postgres.mjs';
import { freePort, waitForHttp } from './ports.mjs';
import { PRODUCT_NODE_FLAGS, run, stopChild } from './processes.mjs';

/**
 * A fresh database: `linkbio_bench_<timestamp>` created on the server DATABASE_URL names (dropped at the end),
 * else an embedded PostgreSQL in a temporary folder (stopped and removed at the end).
 */
export async function prepareDatabase({ databaseUrl, cleanups, log }) {
  if (databaseUrl) {
    const name = `linkbio_bench_${Date.now()}`;
    await withDatabase(databaseUrl, (c) => c.query(`create database ${name}`));
    cleanups.push(() => withDatabase(databaseUrl, (c) => c.query(`drop database if exists ${name} with (force)`)));
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    log(`PostgreSQL: database ${name} on ${url.host} (external).`);
    return { url: url.toString(), kind: 'external', version: await serverVersion(url.toString()) };
  }
  const dir = await mkdtemp(join(tmpdir(), 'linkbio-bench-pg-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const database = await startEmbeddedPostgres({ dataDir: dir, log, persistent: false });
  cleanups.push(database.stop);
  log('PostgreSQL: embedded, in a temporary folder.');
  return { url: database.url, kind: 'embedded', version: await serverVersion(database.url) };
}

const serverVersion = (url) =>
  withDatabase(url, (c) => c.query('show server_version')).then((r) => r.rows[0].server_version);

/** The complete replies in `text`: simple strings, errors, integers and bulk strings (all the bench sends for). */
function parseReplies(text) {
  const replies = [];
  let at = 0;
  while (at < text.length) {
    const end = text.indexOf('\r\n', at);
    if (end === -1) break;
    const type = text[at];
    const line = text.slice(at + 1, end);
    if (type === '$') {
      const length = Number(line);
      if (length < 0) {
        replies.push({ value: null });
        at = end + 2;
        continue;
      }
      if (text.length < end + 2 + length + 2) break;
      replies.push({ value: text.slice(end + 2, end + 2 + length) });
      at = end + 2 + length + 2;
    } else {
      replies.push(type === '-' ? { error: line } : { value: type === ':' ? Number(line) : line });
      at = end + 2;
    }
  }
  return replies;
}

/**
 * Sends Redis commands over one connection (AUTH and SELECT from the URL first) and returns the replies
 * to the given commands; enough for the bench's own clean-up without a Redis client library.
 */
async function redisCommands(redisUrl, commands) {
  const url = new URL(redisUrl);
  const all = [];
  if (url.password)
    all.push(
      url.username
        ? ['AUTH', decodeURIComponent(url.username), decodeURIComponent(url.password)]
        : ['AUTH', decodeURIComponent(url.password)],
    );
  const db = url.pathname.replace('/', '');
  if (db) all.push(['SELECT', db]);
  all.push(...commands);
  const encode = (args) =>
    `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(String(a))}\r\n${a}\r\n`).join('')}`;
  const port = Number(url.port || 6379);
  return new Promise((resolvePromise, reject) => {
    const socket =
      url.protocol === 'rediss:'
        ? tlsConnect({ host: url.hostname, port, servername: url.hostname })
        : tcpConnect({ host: url.hostname, port });
    let buffer = '';
    socket.setTimeout(30_000, () => socket.destroy(new Error('Redis did not answer')));
    socket.on(url.protocol === 'rediss:' ? 'secureConnect' : 'connect', () => socket.write(all.map(encode).join('')));
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      const replies = parseReplies(buffer);
      if (replies.length < all.length) return;
      socket.end();
      const failed = replies.find((reply) => reply.error);
      if (failed) reject(new Error(`Redis: ${failed.error}`));
      else resolvePromise(replies.slice(-commands.length).map((reply) => reply.value));
    });
    socket.on('error', reject);
  });
}

/** Deletes every key under `prefix` (scanned inside Redis, so one round-trip); returns how many. */
const DELETE_PREFIX_SCRIPT = `local cursor = '0' local n = 0
repeat
  local found = redis.call('SCAN', cursor, 'MATCH', ARGV[1], 'COUNT', 1000)
  cursor = found[1]
  for _, key in ipairs(found[2]) do redis.call('DEL', key) n = n + 1 end
until cursor == '0'
return n`;

export async function deleteRedisKeys(redisUrl, prefix) {
  const [deleted] = await redisCommands(redisUrl, [['EVAL', DELETE_PREFIX_SCRIPT, '0', `${prefix}*`]]);
  return deleted;
}

export async function redisVersion(redisUrl) {
  const [info] = await redisCommands(redisUrl, [['INFO', 'server']]).catch(() => ['']);
  return /redis_version:(\S+)/.exec(info ?? '')?.[1] ?? null;
}

/** VmRSS of a running process, in MiB (null once it is gone). */
export async function rssMiB(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const match = /VmRSS:\s+(\d+)\s+kB/.exec(status);
  return match ? Math.round((Number(match[1]) / 1024) * 10) / 10 : null;
}

/** Starts one of the product's processes, keeping the tail of its output and the lines that report errors. */
function startProcess(name, entry, env, cwd, product, nodeFlags = []) {
  const child = spawn(process.execPath, [...PRODUCT_NODE_FLAGS, ...nodeFlags, entry], {
    env,
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk) => {
    const text = chunk.toString();
    product.output = (product.output + text).slice(-20_000);
    for (const line of text.split('\n')) {
      if (/\bERROR\b|Error:|error:/.test(line) && product.errorLines.length < 200)
        product.errorLines.push(`${name}: ${line.trim()}`);
    }
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.on('exit', (code, signal) => {
    if (!product.stopping) product.died = `The ${name} stopped during the run (${signal ?? `exit ${code}`}).`;
  });
  return child;
}

/**
 * Migrates the database, then starts the API (backend/dist/main.js) and the worker (backend/dist/worker.main.js)
 * of the build under `root`, and waits for /api/health. `cpuProfileDir`: the API runs under V8's profiler and
 * writes its profile (a .cpuprofile file) there when it stops.
 */
export async function startProduct({ root, databaseUrl, redisUrl, cleanups, log, cpuProfileDir = null }) {
  const main = resolve(root, 'backend/dist/main.js');
  if (!existsSync(main)) {
    throw new Error(`${main} is missing: run \`npm run build\` first (in ${root}).`);
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'linkbio-bench-data-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const redisKeyPrefix = `linkbio-bench-${Date.now()}:`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    PUBLIC_URL: `http://localhost:${port}`,
    // Bookings and Premium are paid with the local test provider's cards, as production may only when told so.
    ALLOW_LOCAL_PAYMENTS: 'true',
    // Sign-in and sign-up are limited per client address: the bench gives each of its requests its own
    // X-Forwarded-For address (header only; every request goes to 127.0.0.1).
    TRUST_PROXY: 'true',
    DATA_DIR: dataDir,
    REDIS_KEY_PREFIX: redisKeyPrefix,
  };
  if (redisUrl) env.REDIS_URL = redisUrl;
  else delete env.REDIS_URL;
  if (redisUrl) {
    cleanups.push(async () =>
      log(`Redis: deleted ${await deleteRedisKeys(redisUrl, redisKeyPrefix)} keys under ${redisKeyPrefix}`),
    );
  }

  // The working directory is the temporary data folder, so no .env of a developer's is read by the product.
  await run(process.execPath, [resolve(root, 'backend/dist/database/migrate.js')], {
    env,
    cwd: dataDir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const product = { output: '', errorLines: [], stopping: false, died: null, port, redisKeyPrefix, dataDir };
  const apiFlags = cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [];
  product.api = startProcess('API', main, env, dataDir, product, apiFlags);
  product.worker = startProcess('worker', resolve(root, 'backend/dist/worker.main.js'), env, dataDir, product);
  product.stop = async () => {
    product.stopping = true;
    await Promise.all([stopChild(product.api, 20_000), stopChild(product.worker, 20_000)]);
  };
  cleanups.push(product.stop);
  try {
    await waitForHttp(`http://127.0.0.1:${port}/api/health`, 90_000);
  } catch (error) {
    throw new Error(`The product did not start (${error.message}).\n${product.output.slice(-4000)}`, { cause: error });
  }
  log(`The product is up on http://127.0.0.1:${port} (API pid ${product.api.pid}, worker pid ${product.worker.pid}).`);
  return product;
}
