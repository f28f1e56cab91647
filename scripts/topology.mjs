// The deployed topology (docker/compose.yaml) on this machine, from the same commands: the migrations once,
// two APIs and two workers sharing one PostgreSQL database and one Redis, s3rver as the S3 store, and
// Debian's nginx running docker/nginx.conf.template in front with TLS; then the browser specs of
// e2e/topology through the proxy. `npm test` runs it as a step; alone:
//   npm run build && node scripts/topology.mjs [--report file.json]
// with DATABASE_URL and REDIS_URL (else an embedded PostgreSQL and a redis-server of its own). Everything it
// starts, and its database, is gone when it ends, also after a failure or Ctrl-C.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureDebianCommand } from './lib/debian.mjs';
import { withDatabase } from './lib/database.mjs';
import { startEmbeddedPostgres } from './lib/embedded-postgres.mjs';
import { ROOT } from './lib/env.mjs';
import { freePort } from './lib/ports.mjs';
import { onShutdownSignal, runForCode, runQuietly, stopRunning } from './lib/processes.mjs';
import { startRedisServer } from './lib/redis-server.mjs';
import { selfSignedCertificate, startProxy } from './lib/topology-proxy.mjs';
import { deleteRedisKeys, outputTail, startProductProcess, startS3rver } from './lib/topology-services.mjs';

const log = (message) => console.log(`[topology] ${message}`);
/** The compose file's bucket: a name with a dot, never a creator's page. */
const BUCKET = 'linkbio.media';
const OPERATOR = { user: 'topology-operator', password: randomBytes(18).toString('base64url') };

const { values: options } = parseArgs({ options: { report: { type: 'string' } } });

const cleanups = [];
let interrupted = false;
async function cleanup() {
  while (cleanups.length > 0) {
    await cleanups
      .pop()()
      .catch((error) => log(`While cleaning up: ${error instanceof Error ? error.message : error}`));
  }
}

/** DATABASE_URL and REDIS_URL as given, or an embedded PostgreSQL and a redis-server for this run. */
async function services(env, scratch) {
  if (!env.DATABASE_URL) {
    const database = await startEmbeddedPostgres({ dataDir: join(scratch, 'postgres'), log, persistent: false });
    cleanups.push(database.stop);
    env.DATABASE_URL = database.url;
  }
  if (!env.REDIS_URL) {
    const redis = await startRedisServer(log);
    cleanups.push(redis.stop);
    env.REDIS_URL = redis.url;
  }
}

/** A database of its own on the server DATABASE_URL names, dropped at the end. */
async function ownDatabase(serverUrl) {
  const name = `linkbio_topology_${Date.now()}`;
  await withDatabase(serverUrl, (c) => c.query(`create database ${name}`));
  // Tried again: a client that reconnects at once (a payouts command the specs started) can hold it a moment.
  cleanups.push(async () => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await withDatabase(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
      } catch (error) {
        if (attempt === 5) throw error;
        await new Promise((r) => setTimeout(r, 300));
      }
    }
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function main() {
  const scratch = await mkdtemp(join(tmpdir(), 'linkbio-topology-'));
  cleanups.push(() => rm(scratch, { recursive: true, force: true }));
  const nginx = ensureDebianCommand('nginx', 'nginx', log);
  const chromium = ensureDebianCommand('chromium', 'chromium', log);
  const given = { ...process.env };
  await services(given, scratch);

  const [httpsPort, httpPort, s3Port, ...apiPorts] = await Promise.all(Array.from({ length: 7 }, freePort));
  const apis = [
    { port: apiPorts[0], metricsPort: apiPorts[1] },
    { port: apiPorts[2], metricsPort: apiPorts[3] },
  ];
  const publicUrl = `https://localhost:${httpsPort}`;
  const proxyDir = await mkdtemp(join(tmpdir(), 'linkbio-topology-proxy-'));
  cleanups.push(() => rm(proxyDir, { recursive: true, force: true }));
  const tls = await selfSignedCertificate(proxyDir);

  const s3Dir = join(scratch, 's3');
  await mkdir(s3Dir);
  const s3 = await startS3rver({ port: s3Port, directory: s3Dir, bucket: BUCKET });
  cleanups.push(s3.stop);

  // What every process of the product reads: the compose file's x-environment, with local addresses.
  const env = {
    PATH: given.PATH,
    HOME: given.HOME,
    NODE_ENV: 'production',
    DATABASE_URL: await ownDatabase(given.DATABASE_URL),
    REDIS_URL: given.REDIS_URL,
    REDIS_KEY_PREFIX: `linkbio-topology-${Date.now()}:`,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: 'loopback',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: publicUrl,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    NODE_EXTRA_CA_CERTS: tls.cert,
    ALLOW_LOCAL_PAYMENTS: 'true',
    OPERATOR_USER: OPERATOR.user,
    OPERATOR_PASSWORD: OPERATOR.password,
    DATA_DIR: join(scratch, 'data'),
    HOST: '127.0.0.1',
  };

  cleanups.push(() => deleteRedisKeys(env.REDIS_URL, env.REDIS_KEY_PREFIX));
  // The specs write here the id of each command they start (the payouts run); after Ctrl-C they end here,
  // before the database goes (MikroORM would create it again for a command still connecting).
  const children = join(scratch, 'children');
  await mkdir(children);
  cleanups.push(async () => {
    for (const pid of await readdir(children)) {
      try {
        process.kill(Number(pid), 'SIGKILL');
      } catch {
        // ended already
      }
    }
  });

  // The compose file's `migrate` service: once, before any API or worker.
  const migrated = (await runQuietly(process.execPath, [resolve(ROOT, 'backend/dist/database/migrate.js')], { env }))
    .trim()
    .split('\n')
    .at(-1);
  log(`Migrations: ${migrated.startsWith('Applied ') ? `applied ${migrated.split(', ').length}` : 'up to date'}.`);
  if (interrupted) return;

  const processes = [
    ...apis.map((api, i) => ({
      name: `API ${i + 1}`,
      entry: 'backend/dist/main.js',
      env: { ...env, PORT: String(api.port), METRICS_PORT: String(api.metricsPort) },
    })),
    ...[1, 2].map((n) => ({ name: `worker ${n}`, entry: 'backend/dist/worker.main.js', env })),
  ].map((p) =>
    startProductProcess({
      ...p,
      entry: resolve(ROOT, p.entry),
      logFile: join(scratch, `${p.name.replace(' ', '-')}.log`),
    }),
  );
  cleanups.push(() => Promise.all(processes.map((p) => p.stop())));
  const failed = async () => {
    for (const p of processes) console.error(`[topology] ${p.name}, last lines:\n${await outputTail(p.logFile, 15)}`);
  };
  try {
    await Promise.all(processes.map((p) => p.ready));
  } catch (error) {
    await failed();
    throw error;
  }
  log(`Two APIs (127.0.0.1:${apis[0].port}, :${apis[1].port}) and two workers are ready.`);

  const proxy = await startProxy({
    nginx,
    dir: proxyDir,
    log,
    values: {
      LINKBIO_API_SERVERS: apis.map((api) => `server 127.0.0.1:${api.port};`).join(' '),
      LINKBIO_S3_SERVER: `127.0.0.1:${s3Port}`,
      LINKBIO_S3_BUCKET: BUCKET,
      LINKBIO_PUBLIC_URL: publicUrl,
      LINKBIO_HTTP_PORT: httpPort,
      LINKBIO_HTTPS_PORT: httpsPort,
      LINKBIO_TLS_CERT: tls.cert,
      LINKBIO_TLS_KEY: tls.key,
    },
  });
  cleanups.push(proxy.stop);
  if (interrupted) return;

  const code = await runForCode(
    resolve(ROOT, 'node_modules/.bin/playwright'),
    ['test', '--config', 'topology/playwright.config.ts'],
    {
      cwd: resolve(ROOT, 'e2e'),
      env: {
        ...given,
        // The specs run the payouts command (npm run ops) as an operator would, against the same services.
        TOPOLOGY_PRODUCT_ENV: JSON.stringify(env),
        TOPOLOGY_CHILDREN_DIR: children,
        E2E_BASE_URL: publicUrl,
        TOPOLOGY_HTTP_URL: `http://localhost:${httpPort}`,
        TOPOLOGY_API_URLS: apis.map((api) => `http://127.0.0.1:${api.port}`).join(','),
        TOPOLOGY_METRICS_URLS: apis.map((api) => `http://127.0.0.1:${api.metricsPort}/metrics`).join(','),
        TOPOLOGY_S3_URL: `http://127.0.0.1:${s3Port}/${BUCKET}`,
        E2E_OPERATOR_USER: OPERATOR.user,
        E2E_OPERATOR_PASSWORD: OPERATOR.password,
        CHROMIUM_PATH: chromium,
        ...(options.report ? { PLAYWRIGHT_JSON_OUTPUT_NAME: resolve(options.report) } : {}),
      },
    },
  );
  if (code !== 0 && !interrupted) await failed();
  return code;
}

// Ctrl-C: the browser specs and what this started stop together (npm test gives its steps a few seconds).
onShutdownSignal(() => {
  if (interrupted) return;
  interrupted = true;
  log('Interrupted: stopping…');
  void Promise.all([stopRunning(), cleanup()]).then(() => {
    log('Stopped.');
    process.exit(130);
  });
});

const started = Date.now();
main().then(
  async (code) => {
    if (interrupted) return;
    await cleanup();
    log(`Done in ${Math.round((Date.now() - started) / 1000)} s.`);
    process.exit(code ?? 1);
  },
  async (error) => {
    if (interrupted) return;
    console.error(`[topology] ${error instanceof Error ? error.message : error}`);
    await cleanup();
    process.exit(1);
  },
);
