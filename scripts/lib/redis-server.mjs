// Starts Debian's redis-server for the tests when REDIS_URL is not set, installing it with apt where it
// is missing and this user may.
import { spawn, spawnSync } from 'node:child_process';
import { createConnection } from 'node:net';
import { freePort } from './ports.mjs';

const which = (name) => {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
};

/** Installs Debian packages when missing, if we are root with apt-get; otherwise explains what to install. */
export function ensureDebianCommand(command, pkg, log) {
  if (which(command)) return which(command);
  const canApt = process.getuid?.() === 0 && which('apt-get') && process.env.LINKBIO_NO_APT !== '1';
  if (!canApt) {
    throw new Error(
      `${command} is not installed. Install the Debian package '${pkg}' (apt-get install ${pkg}) or point the tests at a running service.`,
    );
  }
  log(`Installing ${pkg} with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'inherit', env });
  if (install.status !== 0 || !which(command)) throw new Error(`apt-get could not install ${pkg}.`);
  return which(command);
}

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
  const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
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
