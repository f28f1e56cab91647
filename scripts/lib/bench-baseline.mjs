// The bench's yardstick: a bare node:http server in a process of its own that answers every request with the
// bytes of a bio page exactly as the product sent them (same body, Content-Type and Content-Encoding). What
// the product does beyond that (routing, sessions, the database, rendering, counting) shows as the ratio.
//
// Imported, it offers startBaseline(); run as a child (`node bench-baseline.mjs --serve`), it is the server.
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { stopChild } from './processes.mjs';

/** Starts the baseline server on a free port of 127.0.0.1 with `page` ({ body, headers }); resolves its URL. */
export function startBaseline(page, cleanups) {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  cleanups.push(() => stopChild(child, 5000));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`The baseline server stopped (exit ${code}).`)));
    child.once('message', ({ port }) => resolve({ url: `http://127.0.0.1:${port}`, pid: child.pid }));
    child.send({
      body: page.body.toString('base64'),
      contentType: page.headers['content-type'] ?? null,
      contentEncoding: page.headers['content-encoding'] ?? null,
    });
  });
}

function serve({ body, contentType, contentEncoding }) {
  const bytes = Buffer.from(body, 'base64');
  const headers = { 'Content-Length': String(bytes.length) };
  if (contentType) headers['Content-Type'] = contentType;
  if (contentEncoding) headers['Content-Encoding'] = contentEncoding;
  const server = createServer((request, response) => {
    request.resume();
    response.writeHead(200, headers);
    response.end(bytes);
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
  process.on('SIGTERM', () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
  process.on('disconnect', () => process.exit(0));
}

if (process.argv[2] === '--serve') process.once('message', serve);
