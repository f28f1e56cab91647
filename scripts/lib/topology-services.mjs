// The topology test's processes besides the proxy: an S3-compatible store (s3rver) and the product's own
// processes (APIs, workers), each with its output in a file of its own for when something fails.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { ROOT } from './env.mjs';
import { OWN_GROUP, PRODUCT_NODE_FLAGS, stopChild } from './processes.mjs';

/** The backend's packages (s3rver, ioredis), as the backend resolves them. */
const backendRequire = createRequire(resolve(ROOT, 'backend/package.json'));

/** s3rver (the backend's S3 integration specs use it too) on 127.0.0.1:`port`, with `bucket` made. */
export async function startS3rver({ port, directory, bucket }) {
  const S3rver = backendRequire('s3rver');
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  await server.run();
  return { stop: () => server.close() };
}

/** Deletes every key under `prefix` (REDIS_KEY_PREFIX: the sessions, limits and queues of one run). */
export async function deleteRedisKeys(url, prefix) {
  const Redis = backendRequire('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** The last lines of a process's output file. */
export async function outputTail(file, lines = 40) {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

/**
 * Starts a Node program of the product (`entry`) as the compose file runs it: one process, its own process
 * group (Ctrl-C reaches the test, which stops it), output to `logFile`. Resolves once it reports ready over
 * IPC; rejects if it exits before.
 */
export function startProductProcess({ name, entry, env, logFile }) {
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [...PRODUCT_NODE_FLAGS, entry], {
    env,
    detached: OWN_GROUP,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  process.once('exit', () => child.exitCode === null && child.kill('SIGKILL'));
  const ready = new Promise((resolveReady, reject) => {
    child.on('message', (message) => message?.type === 'ready' && resolveReady());
    child.once('error', reject);
    child.once('exit', async (code, signal) =>
      reject(
        new Error(
          `The ${name} stopped before it was ready (${signal ?? `exit ${code}`}):\n${await outputTail(logFile)}`,
        ),
      ),
    );
  });
  return { name, logFile, ready, stop: () => stopChild(child, 5_000) };
}
