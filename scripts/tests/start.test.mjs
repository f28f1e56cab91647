// `npm start` as a person runs it (after the build): the embedded PostgreSQL, a data folder of its own, a free
// port. A crashed worker is started again while the API keeps answering; Ctrl-C to the process group, as a
// terminal sends it, stops everything in order within 5 s, exit code 0, without one error line; an API that
// cannot start (its port taken) stops the product with exit code 1.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ROOT } from '../lib/env.mjs';
import { freePort, waitForHttp } from '../lib/ports.mjs';
import { restartDelayMs } from '../lib/processes.mjs';

jest.setTimeout(180_000);

/** What must never print while the product starts, runs and stops. */
const ERROR_LINE = /\b(ERROR|FATAL|PANIC)\b|Unhandled|Error:|terminating connection|^\s+at /;

/** The pids of the processes running `entry` whose parent is `parentPid`. */
function childrenRunning(parentPid, entry) {
  return execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([, ppid, ...args]) => Number(ppid) === parentPid && args.join(' ').includes(entry))
    .map(([pid]) => Number(pid));
}

/** Waits for `condition`; on time-out the error shows what the product printed (`shown()`). */
async function until(condition, timeoutMs, what, shown = () => '') {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; the output:\n${shown()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('restartDelayMs', () => {
  it('doubles from 1 s with each crash in a row, up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(restartDelayMs)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });
});

describe('npm start', () => {
  let dataDir;
  let port;
  let product;
  let output = '';
  let exited;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'linkbio-start-'));
    port = await freePort();
    const env = { ...process.env, NODE_ENV: 'development', PORT: String(port), DATA_DIR: dataDir };
    // The embedded default: no database, Redis, mail server or bucket of the machine's.
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'S3_BUCKET', 'SESSION_SECRET', 'MAIL_DIR', 'OBJECTS_DIR', 'HOST']) delete env[name];
    // A process group of its own, as a terminal gives `npm start`: Ctrl-C goes to the whole group.
    product = spawn(process.execPath, [resolve(ROOT, 'scripts/start.mjs')], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk) => {
      output += chunk.toString();
    };
    product.stdout.on('data', keep);
    product.stderr.on('data', keep);
    exited = new Promise((r) => product.once('exit', (code, signal) => r({ code, signal, at: Date.now() })));
    await waitForHttp(`http://127.0.0.1:${port}/api/health`, 150_000);
    await until(() => output.includes('Linkbio is running on'), 10_000, 'the address line', () => output);
  });

  afterAll(async () => {
    if (product && product.exitCode === null && product.signalCode === null) process.kill(-product.pid, 'SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('says in a few lines which Node runs it, what runs where, and the address only once it answers', () => {
    expect(output.split('\n')[0]).toBe(`[start] Node.js ${process.version}`);
    expect(output).toContain(`[start] Linkbio is running on http://localhost:${port} (Ctrl-C stops it).`);
    expect(output.indexOf('Linkbio is running on')).toBeGreaterThan(output.indexOf('API listening on'));
    expect(output).toMatch(/\[start\] Database: embedded PostgreSQL, data in .*postgres/);
    expect(output).toContain(`E-mail: written as .eml files to ${join(dataDir, 'mail')}`);
    // Nest's start-up report (a line per module and route) stays out.
    expect(output).not.toMatch(/RouterExplorer|RoutesResolver|InstanceLoader|Mapped \{/);
    expect(output.trim().split('\n').length).toBeLessThanOrEqual(15);
  });

  it('starts a crashed worker again, and the API keeps answering', async () => {
    const [worker] = childrenRunning(product.pid, 'worker.main.js');
    expect(worker).toEqual(expect.any(Number));
    process.kill(worker, 'SIGKILL');

    await until(() => output.includes('The worker stopped (killed by SIGKILL); starting it again in 1 s.'), 10_000, 'the restart notice', () => output);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    await until(() => output.split('Worker started').length === 3, 60_000, 'the worker to start again', () => output);
    const restarted = childrenRunning(product.pid, 'worker.main.js');
    expect(restarted).toHaveLength(1);
    expect(restarted[0]).not.toBe(worker);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  });

  it('stops on Ctrl-C within 5 s with exit code 0 and no error line, the database last', async () => {
    const sentAt = Date.now();
    process.kill(-product.pid, 'SIGINT');
    const { code, signal, at } = await exited;

    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(at - sentAt).toBeLessThan(5000);
    expect(output.split('\n').filter((line) => ERROR_LINE.test(line))).toEqual([]);
    expect(output.trim().split('\n').at(-1)).toBe('[start] Stopped.');
    // PostgreSQL shut down cleanly (its pid file goes last) and nothing of the product runs on.
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    expect(childrenRunning(product.pid, 'backend/dist')).toEqual([]);
  });
});

describe('npm start with the port taken', () => {
  it('stops with exit code 1, saying the API could not start, and leaves nothing running', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'linkbio-start-'));
    const port = await freePort();
    const taken = createServer().listen(port);
    await new Promise((r) => taken.once('listening', r));
    try {
      const env = { ...process.env, NODE_ENV: 'development', PORT: String(port), DATA_DIR: dataDir };
      for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'S3_BUCKET', 'SESSION_SECRET', 'MAIL_DIR', 'OBJECTS_DIR', 'HOST']) delete env[name];
      const product = spawn(process.execPath, [resolve(ROOT, 'scripts/start.mjs')], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      product.stdout.on('data', (chunk) => (output += chunk));
      product.stderr.on('data', (chunk) => (output += chunk));
      const code = await new Promise((r) => product.once('exit', r));

      expect(code).toBe(1);
      expect(output).toContain('[start] The API could not start (exit code 1).');
      expect(output).not.toContain('starting it again');
      expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
      expect(childrenRunning(product.pid, 'backend/dist')).toEqual([]);
    } finally {
      taken.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
