import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LinkImportMessages } from '@linkbio/shared-contracts';
import { HttpLinktreePageReader } from '../src/modules/link-import/infrastructure/http-linktree-page.reader.js';
import { aDomainError } from '../src/shared/testing/domain-error.matcher.js';
import { freePort } from './support/harness.js';

/*
 * The Linktree reader against a local HTTP server playing linktr.ee (the reader's origin is its constructor's
 * argument): a good page, redirects within the origin and elsewhere, a 50 MB page, a slow page, a 404.
 */

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const PAGE = '<html><script id="__NEXT_DATA__" type="application/json">{"props":{"pageProps":{"links":[]}}}</script></html>';

describe('HttpLinktreePageReader', () => {
  let server: Server;
  let origin: string;
  const routes = new Map<string, Handler>();
  const requests: IncomingMessage[] = [];
  let bytesSent = 0;
  let bigPageClosed: Promise<void> = Promise.resolve();

  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push(req);
      const handler = routes.get(req.url ?? '');
      if (handler) return handler(req, res);
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    routes.set('/sample', (_req, res) => res.writeHead(200, { 'content-type': 'text/html', 'set-cookie': 'tracker=1' }).end(PAGE));
    routes.set('/moved', (_req, res) => res.writeHead(301, { location: '/sample' }).end());
    routes.set('/hop1', (_req, res) => res.writeHead(302, { location: `${origin}/hop2` }).end());
    routes.set('/hop2', (_req, res) => res.writeHead(302, { location: '/hop3' }).end());
    routes.set('/hop3', (_req, res) => res.writeHead(302, { location: '/sample' }).end());
    routes.set('/away', (_req, res) => res.writeHead(302, { location: 'https://evil.example/sample' }).end());
    routes.set('/sneaky', (_req, res) => res.writeHead(307, { location: '//evil.example/sample' }).end());
    routes.set('/down', (_req, res) => res.writeHead(503).end());
    routes.set('/slow', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html>');
      // Never finishes within the reader's time.
      const timer = setTimeout(() => res.end(PAGE), 10_000);
      res.on('close', () => clearTimeout(timer));
    });
    routes.set('/huge', (_req, res) => {
      // 50 MB, sent chunk by chunk without a Content-Length, as long as the reader keeps reading.
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      bytesSent = 0;
      bigPageClosed = new Promise((done) => res.on('close', () => done()));
      const send = () => {
        while (bytesSent < 50 * 1024 * 1024) {
          bytesSent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', send);
        }
        res.end();
      };
      send();
    });
    routes.set('/huge-declared', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(50 * 1024 * 1024) });
      res.write('<html>');
    });
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  });

  beforeEach(() => {
    requests.length = 0;
  });

  const reader = (timeoutMs = 5000) => new HttpLinktreePageReader(origin, { timeoutMs, maxBytes: 2 * 1024 * 1024, maxRedirects: 2 });

  it('reads a page with a plain User-Agent, sending no cookie', async () => {
    expect(await reader().read('sample')).toBe(PAGE);
    expect(requests[0]?.url).toBe('/sample');
    expect(requests[0]?.headers['user-agent']).toMatch(/^Linkbio-LinkImport\//);
    expect(requests[0]?.headers.cookie).toBeUndefined();
  });

  it('follows up to two redirects within linktr.ee, and refuses a third', async () => {
    expect(await reader().read('moved')).toBe(PAGE);
    await expect(reader().read('hop1')).rejects.toEqual(aDomainError('invalid', LinkImportMessages.linktreeElsewhere));
    expect(requests.map((request) => request.url)).toEqual(['/moved', '/sample', '/hop1', '/hop2', '/hop3']);
  });

  it.each(['away', 'sneaky'])('refuses a redirect to another host (%s), never following it', async (name) => {
    await expect(reader().read(name)).rejects.toEqual(aDomainError('invalid', LinkImportMessages.linktreeElsewhere));
    expect(requests.map((request) => request.url)).toEqual([`/${name}`]);
  });

  it('answers a missing page as no such Linktree page', async () => {
    await expect(reader().read('nobody')).rejects.toEqual(aDomainError('not_found', LinkImportMessages.linktreeNotFound('nobody')));
  });

  it('gives up on a 50 MB page past 2 MB, without reading the rest', async () => {
    await expect(reader().read('huge')).rejects.toEqual(aDomainError('invalid', LinkImportMessages.linktreeTooLarge));
    await bigPageClosed;
    // The server could write only what the socket buffers took after the reader stopped, far from 50 MB.
    expect(bytesSent).toBeLessThan(10 * 1024 * 1024);
  });

  it('refuses a page whose declared length is past 2 MB at once', async () => {
    await expect(reader().read('huge-declared')).rejects.toEqual(aDomainError('invalid', LinkImportMessages.linktreeTooLarge));
  });

  it('times out on a slow page', async () => {
    const started = Date.now();
    await expect(reader(300).read('slow')).rejects.toEqual(aDomainError('unavailable', LinkImportMessages.linktreeTimeout));
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('says Linktree cannot be reached when it answers an error or nothing listens', async () => {
    await expect(reader().read('down')).rejects.toEqual(aDomainError('unavailable', LinkImportMessages.linktreeUnavailable));
    const closed = new HttpLinktreePageReader(`http://127.0.0.1:${await freePort()}`, { timeoutMs: 2000, maxBytes: 1024, maxRedirects: 2 });
    await expect(closed.read('sample')).rejects.toEqual(aDomainError('unavailable', LinkImportMessages.linktreeUnavailable));
  });
});
