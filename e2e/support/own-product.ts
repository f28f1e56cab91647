import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type pg from 'pg';

/*
 * A product of a spec's own, for specs that need it configured otherwise than the one `npm test` starts
 * (e.g. with Stripe as the payment provider): the built API and worker (`npm run build`), each started as
 * `npm start` starts them, on a database created for it from DATABASE_URL and dropped afterwards, with
 * DATA_DIR, port and Redis key prefix of its own (no Redis when REDIS_URL is unset).
 */

const ROOT = resolve(import.meta.dirname, '..', '..');
const script = (path: string) => resolve(ROOT, path);

/** What is used of the scripts' own helpers (scripts/lib, plain .mjs). */
interface ScriptHelpers {
  PRODUCT_NODE_FLAGS: string[];
  stopChild: (child: ChildProcess) => Promise<void>;
  freePort: () => Promise<number>;
  waitForHttp: (url: string, timeoutMs?: number) => Promise<void>;
  withDatabase: <T>(url: string, work: (client: pg.Client) => Promise<T>) => Promise<T>;
  deleteRedisKeys: (redisUrl: string, prefix: string) => Promise<number>;
}

async function helpers(): Promise<ScriptHelpers> {
  const modules = ['processes', 'ports', 'database', 'bench-product'].map((name) => script(`scripts/lib/${name}.mjs`));
  return Object.assign({}, ...(await Promise.all(modules.map((path) => import(path))))) as ScriptHelpers;
}

export interface OwnProduct {
  /** e.g. http://localhost:41234 */
  url: string;
  dataDir: string;
  /** Runs one statement on the product's database. */
  query<T extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

/** A free port, reserved before the product starts (e.g. for the address a stub must call back). */
export async function freePort(): Promise<number> {
  return (await helpers()).freePort();
}

/** Starts the product on `port` with `env` on top of a development configuration of its own. */
export async function startOwnProduct(name: string, port: number, env: Record<string, string>): Promise<OwnProduct> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL is not set: a PostgreSQL server is needed to create this spec’s database');
  const { PRODUCT_NODE_FLAGS, stopChild, waitForHttp, withDatabase, deleteRedisKeys } = await helpers();
  const database = `linkbio_e2e_${name}_${Date.now()}`;
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${database}`;
  const dataDir = await mkdtemp(join(tmpdir(), `linkbio-e2e-${name}-`));
  const children: ChildProcess[] = [];
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };

  const { REDIS_URL } = process.env;
  const redisKeyPrefix = `linkbio-e2e-${name}-${Date.now()}:`;
  // Nothing of another product's configuration: its ports, its address, its mail server, its provider.
  const elsewhere = ['E2E_BASE_URL', 'E2E_MAIL_DIR', 'REDIS_URL', 'METRICS_PORT', 'WORKER_METRICS_PORT', 'PUBLIC_URL', 'SMTP_URL', 'STRIPE_PRICE_ID'];
  const productEnv: Record<string, string | undefined> = {
    ...process.env,
    ...Object.fromEntries(elsewhere.map((name) => [name, undefined])),
    NODE_ENV: 'development',
    PORT: String(port),
    DATABASE_URL: databaseUrl.toString(),
    DATA_DIR: dataDir,
    MAIL_DIR: join(dataDir, 'mail'),
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ...(REDIS_URL ? { REDIS_URL, REDIS_KEY_PREFIX: redisKeyPrefix } : {}),
    ...env,
  };

  const stop = async () => {
    await Promise.all(children.map((child) => stopChild(child)));
    await withDatabase(serverUrl, (c) => c.query(`drop database if exists ${database} with (force)`)).catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
    if (REDIS_URL) await deleteRedisKeys(REDIS_URL, redisKeyPrefix).catch(() => undefined);
  };

  await withDatabase(serverUrl, (c) => c.query(`create database ${database}`));
  try {
    const run = (entry: string) => {
      const child = spawn(process.execPath, [...PRODUCT_NODE_FLAGS, script(entry)], { env: productEnv, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
      child.stdout!.on('data', keep);
      child.stderr!.on('data', keep);
      children.push(child);
      return new Promise<void>((ready, failed) => {
        child.on('message', (message: { type?: string }) => message?.type === 'ready' && ready());
        child.once('exit', (code, signal) => failed(new Error(`${entry} stopped (${signal ?? `exit ${code}`}):\n${output}`)));
      });
    };
    await new Promise<void>((done, failed) => {
      const migrate = spawn(process.execPath, [script('backend/dist/database/migrate.js')], { env: productEnv, stdio: ['ignore', 'pipe', 'pipe'] });
      migrate.stdout.on('data', keep);
      migrate.stderr.on('data', keep);
      migrate.once('exit', (code) => (code === 0 ? done() : failed(new Error(`Migrations failed:\n${output}`))));
    });
    await Promise.all([run('backend/dist/main.js'), run('backend/dist/worker.main.js')]);
    await waitForHttp(`http://127.0.0.1:${port}/api/health`, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url: `http://localhost:${port}`,
    dataDir,
    query: (sql, params) => withDatabase(databaseUrl.toString(), async (c) => (await c.query(sql, params)).rows),
    stop,
  };
}
