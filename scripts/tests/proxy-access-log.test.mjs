// docker/nginx.conf.template's access log, run by nginx as the topology test runs it (startProxy) in front of a
// stub API and store: no line holds a secret a request carried in its path, its query or its Referer.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ensureDebianCommand } from '../lib/debian.mjs';
import { freePort } from '../lib/ports.mjs';
import { selfSignedCertificate, startProxy } from '../lib/topology-proxy.mjs';

const TOKEN = 'Mx4v_booking-manage-token-0123456789abcdefghij';
const QUERY_TOKEN = 'Qy9w_reset-or-verify-token-0123456789abcdefghi';
const SIGNATURE = 'a3f9c0ffee0123456789abcdef0123456789abcdef0123456789abcdef012345';

/** Asks the proxy over HTTPS (its certificate is self-signed) or HTTP; resolves with the status. */
function ask(port, path, { method = 'GET', tls = true, headers = {} } = {}) {
  return new Promise((resolveStatus, fail) => {
    const options = { host: '127.0.0.1', port, path, method, headers, rejectUnauthorized: false };
    const sent = (tls ? httpsRequest : httpRequest)(options, (res) => {
      res.resume();
      res.on('end', () => resolveStatus(res.statusCode));
    });
    sent.on('error', fail);
    sent.end();
  });
}

describe('docker/nginx.conf.template: the access log', () => {
  let dir;
  let upstream;
  let proxy;
  let httpsPort;
  let httpPort;

  beforeAll(async () => {
    const nginx = ensureDebianCommand('nginx', 'nginx', () => undefined);
    dir = await mkdtemp(join(tmpdir(), 'linkbio-proxy-log-'));
    upstream = createServer((req, res) => res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok'));
    await new Promise((done) => upstream.listen(0, '127.0.0.1', done));
    const upstreamPort = upstream.address().port;
    [httpsPort, httpPort] = [await freePort(), await freePort()];
    const tls = await selfSignedCertificate(dir);
    proxy = await startProxy({
      nginx,
      dir,
      log: () => undefined,
      values: {
        LINKBIO_API_SERVERS: `server 127.0.0.1:${upstreamPort};`,
        LINKBIO_S3_SERVER: `127.0.0.1:${upstreamPort}`,
        LINKBIO_S3_BUCKET: 'linkbio.media',
        LINKBIO_PUBLIC_URL: `https://localhost:${httpsPort}`,
        LINKBIO_HTTP_PORT: httpPort,
        LINKBIO_HTTPS_PORT: httpsPort,
        LINKBIO_TLS_CERT: tls.cert,
        LINKBIO_TLS_KEY: tls.key,
      },
    });
  }, 60_000);

  afterAll(async () => {
    await proxy?.stop();
    await new Promise((done) => (upstream ? upstream.close(done) : done()));
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('writes the path without its query, a manage token replaced, and only the Referer’s origin', async () => {
    const page = { Referer: `https://localhost:${httpsPort}/booking/${TOKEN}` };
    const asked = [
      [`/booking/${TOKEN}`, {}],
      [`/api/booking-manage/${TOKEN}`, { headers: page }],
      [`/api/booking-manage/${TOKEN}/cancel`, { method: 'POST', headers: page }],
      [`/api/booking-manage/${TOKEN}/reschedule?from=x`, { method: 'POST', headers: page }],
      [`/API//Booking-Manage/${TOKEN}/`, {}],
      [`/verify-email?token=${QUERY_TOKEN}`, {}],
      [
        `/api/auth/email/verify`,
        { method: 'POST', headers: { Referer: `https://localhost:${httpsPort}/verify-email?token=${QUERY_TOKEN}` } },
      ],
      [`/linkbio.media/uploads/u1/a.webp?X-Amz-Signature=${SIGNATURE}`, { method: 'PUT' }],
      [`/objects/uploads/u1/a.webp?expires=1&token=${SIGNATURE}`, { method: 'PUT' }],
      [`/booking/${TOKEN}`, { tls: false }],
      [`/ada`, {}],
      [`/api/auth/sessions/${TOKEN}`, { method: 'DELETE' }],
    ];
    for (const [path, options] of asked) {
      const status = await ask(options.tls === false ? httpPort : httpsPort, path, options);
      expect([200, 301]).toContain(status);
    }
    // nginx writes each line as its request ends.
    const log = await readFile(join(dir, 'access.log'), 'utf8');
    const lines = log.trim().split('\n');
    expect(lines).toHaveLength(asked.length);
    for (const secret of [TOKEN, QUERY_TOKEN, SIGNATURE]) expect(log).not.toContain(secret);
    expect(log).not.toContain('?');
    expect(lines[0]).toContain('"GET /booking/[redacted] HTTP/1.1" 200');
    expect(lines[1]).toContain('"GET /api/booking-manage/[redacted] HTTP/1.1" 200');
    expect(lines[1]).toContain(`"https://localhost:${httpsPort}" "-"`);
    expect(lines[2]).toContain('"POST /api/booking-manage/[redacted]/cancel HTTP/1.1" 200');
    expect(lines[3]).toContain('"POST /api/booking-manage/[redacted]/reschedule HTTP/1.1" 200');
    expect(lines[4]).toContain('"GET /API//Booking-Manage/[redacted]/ HTTP/1.1" 200');
    expect(lines[5]).toContain('"GET /verify-email HTTP/1.1" 200');
    expect(lines[7]).toContain('"PUT /linkbio.media/uploads/u1/a.webp HTTP/1.1" 200');
    expect(lines[9]).toContain('"GET /booking/[redacted] HTTP/1.1" 301');
    expect(lines[10]).toContain('"GET /ada HTTP/1.1" 200');
    expect(lines[10]).toContain(' "-" "-" ');
    expect(lines[11]).toContain('"DELETE /api/auth/sessions/[redacted] HTTP/1.1" 200');
  });
});
