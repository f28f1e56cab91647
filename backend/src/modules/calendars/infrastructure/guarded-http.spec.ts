import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CalendarProblem } from '../domain/calendar-problem.js';
import { GuardedHttp, type Resolve } from './guarded-http.js';

const options = { allowPrivateNetworks: false, timeoutMs: 2_000, maxRedirects: 3, maxBytes: 1024 };
const kindOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'answered',
    (error: unknown) => (error instanceof CalendarProblem ? error.kind : String(error)),
  );

describe('GuardedHttp: which addresses a creator’s calendar may be fetched from', () => {
  const dns: Record<string, string[]> = {
    'calendar.example': ['93.184.215.14'],
    'v6.example': ['2606:4700:4700::1111'],
    'rebinding.example': ['93.184.215.14', '127.0.0.1'],
    'internal.example': ['10.0.0.7'],
    'mapped.example': ['::ffff:127.0.0.1'],
    'metadata.example': ['169.254.169.254'],
  };
  const resolve: Resolve = async (host) => {
    const found = dns[host];
    if (!found) throw new Error('ENOTFOUND');
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  const guard = new GuardedHttp(options, resolve);

  it.each([
    ['https://calendar.example/dav/', '93.184.215.14'],
    ['https://v6.example/dav/', '2606:4700:4700::1111'],
    ['https://93.184.215.14/dav/', '93.184.215.14'],
  ])('%s is fetched from %s, the address checked (pinned)', async (url, address) => {
    expect((await guard.addressOf(new URL(url))).address).toBe(address);
  });

  it.each([
    ['http://calendar.example/dav/', 'not_https'],
    ['ftp://calendar.example/dav/', 'not_https'],
    ['https://user:pw@calendar.example/dav/', 'not_https'],
    ['https://rebinding.example/', 'private_address'],
    ['https://internal.example/', 'private_address'],
    ['https://mapped.example/', 'private_address'],
    ['https://metadata.example/', 'private_address'],
    ['https://127.0.0.1/', 'private_address'],
    ['https://[::1]/', 'private_address'],
    ['https://[::ffff:7f00:1]/', 'private_address'],
    ['https://[fd00::1]/', 'private_address'],
    ['https://100.100.100.100/', 'private_address'],
    ['https://nowhere.example/', 'unreachable'],
  ])('%s is refused: %s', async (url, kind) => {
    expect(await kindOf(guard.addressOf(new URL(url)))).toBe(kind);
  });

  it('with CALDAV_ALLOW_PRIVATE_NETWORKS takes http and private addresses', async () => {
    const open = new GuardedHttp({ ...options, allowPrivateNetworks: true }, resolve);
    expect((await open.addressOf(new URL('http://internal.example/'))).address).toBe('10.0.0.7');
    expect((await open.addressOf(new URL('http://127.0.0.1:5232/'))).address).toBe('127.0.0.1');
  });
});

describe('GuardedHttp against a local server (private networks allowed)', () => {
  let server: Server;
  let origin: string;
  const seen: Array<{ url: string; method: string; authorization?: string }> = [];
  let handler: (request: IncomingMessage, path: string) => { status: number; headers?: Record<string, string>; body?: string } | 'hang';

  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push({ url: request.url!, method: request.method!, authorization: request.headers.authorization });
      const answer = handler(request, request.url!);
      if (answer === 'hang') return;
      response.writeHead(answer.status, answer.headers).end(answer.body ?? '');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => (seen.length = 0));

  const http = () => new GuardedHttp({ ...options, allowPrivateNetworks: true, timeoutMs: 300 });
  const get = (path: string, authorization = 'Basic c2VjcmV0') => http().request({ method: 'PROPFIND', url: `${origin}${path}`, headers: {}, body: '<x/>', authorization });

  it('follows a redirect itself, keeping the method, body and sign-in on the same site', async () => {
    handler = (_, path) => (path === '/a' ? { status: 301, headers: { location: '/b' } } : { status: 207, body: 'ok' });
    const answer = await get('/a');
    expect(answer).toMatchObject({ status: 207, body: 'ok', url: `${origin}/b` });
    expect(seen).toEqual([
      { url: '/a', method: 'PROPFIND', authorization: 'Basic c2VjcmV0' },
      { url: '/b', method: 'PROPFIND', authorization: 'Basic c2VjcmV0' },
    ]);
  });

  it('drops the sign-in on a redirect to another site', async () => {
    handler = (_, path) => (path === '/a' ? { status: 307, headers: { location: `http://localhost:${new URL(origin).port}/b` } } : { status: 207 });
    await get('/a');
    expect(seen[1]).toEqual({ url: '/b', method: 'PROPFIND', authorization: undefined });
  });

  it('drops the sign-in on a redirect to another IP address', async () => {
    const other = createServer((request, response) => {
      seen.push({ url: request.url!, method: request.method!, authorization: request.headers.authorization });
      response.writeHead(207).end();
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.2', resolve));
    try {
      handler = () => ({ status: 308, headers: { location: `http://127.0.0.2:${(other.address() as AddressInfo).port}/b` } });
      await get('/a');
      expect(seen).toEqual([
        { url: '/a', method: 'PROPFIND', authorization: 'Basic c2VjcmV0' },
        { url: '/b', method: 'PROPFIND', authorization: undefined },
      ]);
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it('connects to the address it checked, whatever DNS answers afterwards (no rebinding)', async () => {
    handler = () => ({ status: 207, body: 'pinned' });
    const answers = [['127.0.0.1'], ['10.255.255.1']];
    let calls = 0;
    const rebinding: Resolve = async () => (answers[Math.min(calls++, 1)] ?? []).map((address) => ({ address, family: 4 }));
    const pinned = new GuardedHttp({ ...options, allowPrivateNetworks: true, timeoutMs: 300 }, rebinding);
    const answer = await pinned.request({ method: 'GET', url: `http://calendar.test:${new URL(origin).port}/`, headers: {} });
    expect(answer.body).toBe('pinned');
    expect(calls).toBe(1);
  });

  it('stops after a few redirects', async () => {
    handler = (_, path) => ({ status: 302, headers: { location: `${path}x` } });
    expect(await kindOf(get('/a'))).toBe('too_many_redirects');
    expect(seen).toHaveLength(4);
  });

  it('gives up on a server that does not answer in time, and on an answer too long', async () => {
    handler = () => 'hang';
    expect(await kindOf(get('/slow'))).toBe('unreachable');
    handler = () => ({ status: 207, body: 'x'.repeat(5000) });
    expect(await kindOf(get('/long'))).toBe('unreadable');
  });

  it('says unreachable, not the system’s words, when nothing listens', async () => {
    const closed = new GuardedHttp({ ...options, allowPrivateNetworks: true });
    const error = await closed.request({ method: 'GET', url: 'http://127.0.0.1:1/', headers: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CalendarProblem);
    expect((error as Error).message).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
  });
});
