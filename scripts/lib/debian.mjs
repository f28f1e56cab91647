// Debian packages the tests need (redis-server, chromium), installed with apt where missing and allowed.
import { spawnSync } from 'node:child_process';

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
      `${command} is not installed. Install the Debian package '${pkg}' (apt-get install ${pkg}) and run the tests again.`,
    );
  }
  log(`Installing ${pkg} with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'inherit', env });
  if (install.status !== 0 || !which(command)) throw new Error(`apt-get could not install ${pkg}.`);
  return which(command);
}
