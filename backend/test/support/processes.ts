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

/** Starts an API process on `port`; resolves once `/api/health` answers 200, throws with its output if it exits. */
export async function startApi(env: NodeJS.ProcessEnv, port: number): Promise<Running> {
  const running = startProcess('main.js', { ...env, PORT: String(port) });
  const health = () => fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.status, () => 0);
  await until(`API on port ${port}`, health, (status) => status === 200 || running.child.exitCode !== null, 60_000);
  if (running.child.exitCode !== null) throw new Error(`API exited:\n${running.output()}`);
  return running;
}

/** Starts a worker; resolves once it takes analytics jobs (needs NODE_ENV=development for its log line). */
export async function startWorker(env: NodeJS.ProcessEnv): Promise<Running> {
  const running = startProcess('worker.main.js', env);
  await until('worker start', async () => running.output(), (out) => out.includes('Processing analytics') || running.child.exitCode !== null, 60_000);
  if (running.child.exitCode !== null) throw new Error(`worker exited:\n${running.output()}`);
  return running;
}
