import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

/** The built API and worker (dist/), run as the specs that need real processes and signals run them. */
const DIST = resolve(import.meta.dirname, '..', '..', 'dist');
const OUTPUT_KEPT = 1_000_000;

export interface Running {
  child: ChildProcess;
  /** What the process printed (stdout and stderr), its last megabyte. */
  output: () => string;
}

export function startProcess(entry: 'main.js' | 'worker.main.js', env: NodeJS.ProcessEnv): Running {
  const child = spawn(process.execPath, [resolve(DIST, entry)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-OUTPUT_KEPT));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => output };
}

/** Resolves with the exit code (null when killed by a signal). */
export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((done) => child.once('exit', (code) => done(code)));
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Reads until `done` says so, or throws after `timeoutMs` with the last value read. */
export async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value)) {
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await sleep(50);
    value = await read();
  }
  return value;
}
