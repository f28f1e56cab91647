// Starts Debian's radicale (a CalDAV server) for the calendar specs when RADICALE_URL is not set, installing it
// with apt where it is missing and this user may: storage in a temporary folder, one user signing in with a
// plain htpasswd file, on a free port of 127.0.0.1.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDebianCommand } from './debian.mjs';
import { freePort } from './ports.mjs';

async function answers(url) {
  try {
    await fetch(url, { redirect: 'manual' });
    return true;
  } catch {
    return false;
  }
}

/** Its address carries the user and password (RADICALE_URL=http://user:password@127.0.0.1:port). */
export async function startRadicaleServer(log) {
  const binary = ensureDebianCommand('radicale', 'radicale', log);
  const folder = await mkdtemp(join(tmpdir(), 'linkbio-radicale-'));
  const [user, password] = ['linkbio', randomBytes(12).toString('hex')];
  await writeFile(join(folder, 'users'), `${user}:${password}\n`, { mode: 0o600 });
  const port = await freePort();
  // `--config ''`: no configuration file of the machine's; everything on the command line.
  const child = spawn(
    binary,
    [
      '--config', '',
      '--server-hosts', `127.0.0.1:${port}`,
      '--auth-type', 'htpasswd',
      '--auth-htpasswd-filename', join(folder, 'users'),
      '--auth-htpasswd-encryption', 'plain',
      '--storage-filesystem-folder', join(folder, 'collections'),
      '--logging-level', 'warning',
    ],
    { stdio: 'ignore', detached: true },
  );
  process.once('exit', () => child.exitCode === null && child.kill('SIGTERM'));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  while (!(await answers(origin))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('radicale did not start.');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `http://${user}:${password}@127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        const removeFolder = () => rm(folder, { recursive: true, force: true }).then(resolve, resolve);
        if (child.exitCode !== null) return void removeFolder();
        child.once('exit', removeFolder);
        child.kill('SIGTERM');
      }),
  };
}
