// Starts Debian's redis-server for the tests when REDIS_URL is not set, installing it with apt where it
// is missing and this user may.
import { spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { ensureDebianCommand } from './debian.mjs';
import { freePort } from './ports.mjs';

function answers(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.write('PING\r\n');
    });
    socket.on('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.on('error', () => resolve(false));
  });
}

export async function startRedisServer(log) {
  const binary = ensureDebianCommand('redis-server', 'redis-server', log);
  const port = await freePort();
  // A process group of its own keeps the terminal's Ctrl-C away: it stops after the tests that use it.
  const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
    detached: true,
  });
  process.once('exit', () => child.exitCode === null && child.kill('SIGTERM'));
  const deadline = Date.now() + 10_000;
  while (!(await answers(port))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('redis-server did not start.');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
