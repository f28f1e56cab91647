// The topology test's reverse proxy: Debian's nginx running docker/nginx.conf.template, the file the
// compose file's nginx runs, filled in with local addresses the way nginx's image fills it in.
import { spawn } from 'node:child_process';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { ROOT } from './env.mjs';
import { runQuietly } from './processes.mjs';

export const PROXY_TEMPLATE = resolve(ROOT, 'docker/nginx.conf.template');

/**
 * Fills in `${NAME}` for each name given, as the envsubst of nginx's image does with the variables it is
 * given (nginx's own `$name` stays); a `${LINKBIO_…}` left unfilled is an error, not an empty string.
 */
export function renderProxyTemplate(template, values) {
  const rendered = template.replace(/\$\{([A-Z0-9_]+)\}/g, (whole, name) =>
    name in values ? String(values[name]) : whole,
  );
  const missing = [...new Set(rendered.match(/\$\{LINKBIO_[A-Z0-9_]+\}/g) ?? [])];
  if (missing.length > 0) throw new Error(`${PROXY_TEMPLATE} needs ${missing.join(', ')}`);
  return rendered;
}

/** A self-signed certificate for localhost (and 127.0.0.1), as fullchain.pem and privkey.pem in `dir`. */
export async function selfSignedCertificate(dir) {
  const cert = join(dir, 'fullchain.pem');
  const key = join(dir, 'privkey.pem');
  await runQuietly('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-keyout',
    key,
    '-out',
    cert,
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=DNS:localhost,IP:127.0.0.1',
  ]);
  return { cert, key };
}

function listening(port) {
  return new Promise((resolvePort) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolvePort(true);
    });
    socket.on('error', () => resolvePort(false));
  });
}

/**
 * Runs nginx in the foreground with the rendered template as its only site, everything it writes kept in
 * `dir` (which its workers, running as an unprivileged user when we are root, can reach).
 */
export async function startProxy({ nginx, dir, values, log }) {
  await mkdir(join(dir, 'tmp'), { recursive: true });
  await chmod(dir, 0o755);
  await chmod(join(dir, 'tmp'), 0o777);
  const site = join(dir, 'linkbio.conf');
  // Its own access log (the template's format: no query, no manage token) in `dir`.
  const accessLog = { LINKBIO_ACCESS_LOG: join(dir, 'access.log'), ...values };
  await writeFile(site, renderProxyTemplate(await readFile(PROXY_TEMPLATE, 'utf8'), accessLog));
  const temp = (name) => `${name}_temp_path ${join(dir, 'tmp', name)};`;
  const main = join(dir, 'nginx.conf');
  await writeFile(
    main,
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      'events { worker_connections 256; }',
      'http {',
      `  access_log ${join(dir, 'access.log')};`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${temp(name)}`),
      `  include ${site};`,
      '}',
      '',
    ].join('\n'),
  );
  const errorLog = join(dir, 'error.log');
  await runQuietly(nginx, ['-t', '-q', '-p', dir, '-c', main, '-e', errorLog]);
  const child = spawn(nginx, ['-p', dir, '-c', main, '-e', errorLog], { stdio: 'ignore', detached: true });
  process.once('exit', () => child.exitCode === null && child.kill('SIGTERM'));
  const deadline = Date.now() + 10_000;
  while (!(await listening(Number(values.LINKBIO_HTTPS_PORT)))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`nginx did not start (see ${errorLog}).`);
    await new Promise((r) => setTimeout(r, 100));
  }
  log(`nginx: ${values.LINKBIO_PUBLIC_URL} (rendered from docker/nginx.conf.template).`);
  return {
    // SIGQUIT: nginx's graceful stop (SIGTERM is its fast one); either ends the workers with the master.
    stop: () =>
      new Promise((resolveStop) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolveStop();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolveStop();
        });
        child.kill('SIGQUIT');
      }),
  };
}
