import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { drainOnClose, tracksResponses } from '../http-drain.js';
import { labelRoute, routeNamer } from '../metrics/http-request-metrics.js';
import { LogCapture } from '../testing/log-capture.js';
import { echoRequestId, noteError, noteUser, observeRequests, withRequestId } from './request-observer.js';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

describe('observeRequests', () => {
  let server: Server;
  let base: string;
  let capture: LogCapture;
  const timings: Array<[string, string, number, number]> = [];
  let answer: Handler;

  beforeEach(async () => {
    capture = new LogCapture('info');
    timings.length = 0;
    server = createServer();
    server.on(
      'request',
      observeRequests(
        (request, response) => {
          echoRequestId(response); // as Express's first middleware and the fast paths do
          answer(request, response);
        },
        {
          logger: capture.logger,
          timing: (route, method, status, seconds) => timings.push([route, method, status, seconds]),
          routeOf: routeNamer([{ prefix: '/assets', label: '/assets/*' }]),
        },
      ),
    );
    tracksResponses(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** The line of the request is written once its response is closed, just after the client has it. */
  const lineFor = async (id: string) => {
    for (let i = 0; i < 100; i += 1) {
      const line = capture.lines.find((l) => l.reqId === id);
      if (line) return line;
      await new Promise((r) => setTimeout(r, 5));
    }
    throw new Error(`no line for ${id}: ${capture.text}`);
  };

  it('gives each request an id, echoes it, and logs one line with path (no query), route, status and duration', async () => {
    answer = (_request, response) => {
      labelRoute(response, '/reset/:name');
      noteUser(response, 'user-1');
      response.writeHead(200, { 'Content-Type': 'text/plain' }).end('hello');
    };
    const response = await fetch(`${base}/ada?token=secret-reset-token`);
    const id = response.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const line = await lineFor(id);
    expect(line).toEqual(
      expect.objectContaining({
        level: 'info',
        msg: 'request completed',
        method: 'GET',
        path: '/ada',
        route: '/reset/:name',
        status: 200,
        userId: 'user-1',
      }),
    );
    expect(line.durationMs).toEqual(expect.any(Number));
    // As pino writes every line: its time, process and host.
    expect(line).toEqual(
      expect.objectContaining({ time: expect.any(Number), pid: process.pid, hostname: expect.any(String) }),
    );
    expect(capture.text).not.toContain('secret-reset-token');
    expect(timings).toEqual([['/reset/:name', 'GET', 200, expect.any(Number)]]);
  });

  it('logs the visitors’ hot paths answered well at debug, and one that failed at info', async () => {
    let status = 200;
    answer = (_request, response) => {
      labelRoute(response, '/:username');
      response.writeHead(status).end();
    };
    const served = (await fetch(`${base}/ada`)).headers.get('x-request-id')!;
    status = 404;
    const missing = (await fetch(`${base}/nobody`)).headers.get('x-request-id')!;
    expect(await lineFor(missing)).toEqual(
      expect.objectContaining({ level: 'info', route: '/:username', status: 404 }),
    );
    expect(capture.lines.some((l) => l.reqId === served)).toBe(false);
    expect(timings.map(([route, , code]) => [route, code])).toEqual([
      ['/:username', 200],
      ['/:username', 404],
    ]);
  });

  it('honours a plain incoming X-Request-Id and replaces one that is not', async () => {
    answer = (_request, response) => response.end('ok');
    const honoured = await fetch(`${base}/x`, { headers: { 'X-Request-Id': 'proxy-1234.abc:9' } });
    expect(honoured.headers.get('x-request-id')).toBe('proxy-1234.abc:9');
    await lineFor('proxy-1234.abc:9');
    const forged = await fetch(`${base}/x`, { headers: { 'X-Request-Id': 'evil" "level":"fatal' } });
    const replaced = forged.headers.get('x-request-id')!;
    expect(replaced).not.toContain('evil');
    await lineFor(replaced);
    expect(capture.text).not.toContain('evil');
  });

  it('logs a failed request as an error with the error and its stack, under the request id', async () => {
    answer = (_request, response) => {
      noteError(response, new Error('the database went away'));
      response.writeHead(500).end('{}');
    };
    const response = await fetch(`${base}/api/links`);
    const line = await lineFor(response.headers.get('x-request-id')!);
    expect(line).toEqual(expect.objectContaining({ level: 'error', status: 500, route: 'unmatched' }));
    expect((line.err as { stack: string }).stack).toContain('Error: the database went away');
  });

  describe('a secret in the path (a booking manage token)', () => {
    const token = 'Qk3v_secret-manage-token-0123456789abcdefghij';

    it.each([
      ['GET', `/api/booking-manage/${token}`, '/api/booking-manage/[redacted]'],
      ['POST', `/api/booking-manage/${token}/cancel`, '/api/booking-manage/[redacted]/cancel'],
      ['POST', `/api/booking-manage/${token}/reschedule?x=1`, '/api/booking-manage/[redacted]/reschedule'],
      ['GET', `/booking/${token}`, '/booking/[redacted]'],
      ['GET', `/API/Booking-Manage/${token}/`, '/API/Booking-Manage/[redacted]/'],
      ['GET', `//booking//${token}/extra`, '//booking//[redacted]/extra'],
      ['DELETE', `/api/auth/sessions/${token}`, '/api/auth/sessions/[redacted]'],
      ['GET', `/api/downloads/${token}`, '/api/downloads/[redacted]'],
      ['GET', `/list/confirm/${token}`, '/list/confirm/[redacted]'],
      ['POST', `/unsubscribe/${token}`, '/unsubscribe/[redacted]'],
      ['GET', `/List//Confirm/${token}?a=1`, '/List//Confirm/[redacted]'],
      ['GET', `/calendar/${token}.ics`, '/calendar/[redacted]'],
      ['HEAD', `//Calendar/${token}.ICS?x=1`, '//Calendar/[redacted]'],
      ['GET', `/calendar/${token}`, '/calendar/[redacted]'],
    ])('logs %s %s with the token replaced', async (method, path, logged) => {
      answer = (_request, response) => response.writeHead(404).end('{}');
      const response = await fetch(`${base}${path}`, { method });
      const line = await lineFor(response.headers.get('x-request-id')!);
      expect(line).toEqual(expect.objectContaining({ path: logged, route: 'unmatched', status: 404 }));
      expect(capture.text).not.toContain(token);
      expect(timings.map(([route]) => route)).toEqual(['unmatched']);
    });

    it('keeps the paths that only look alike', async () => {
      answer = (_request, response) => response.end('ok');
      for (const path of ['/booking-success', '/api/bookings/b1/cancel', '/book/ada', '/api/auth/sessions', '/calendar', '/api/users/calendar-feed']) {
        const response = await fetch(`${base}${path}`);
        expect((await lineFor(response.headers.get('x-request-id')!)).path).toBe(path);
      }
    });

    it("logs a 5xx's error without the token its message, stack or fields carry, its type kept", async () => {
      class StoreError extends Error {
        detail = `Key (token)=(${token}) is not present`;
      }
      answer = (request, response) => {
        noteError(response, new StoreError(`GET ${request.url} failed`, { cause: new Error(`lookup of ${token}`) }));
        response.writeHead(500).end('{}');
      };
      const response = await fetch(`${base}/api/booking-manage/${encodeURIComponent(token)}/cancel`);
      const line = await lineFor(response.headers.get('x-request-id')!);
      expect(line).toEqual(
        expect.objectContaining({ level: 'error', status: 500, path: '/api/booking-manage/[redacted]/cancel' }),
      );
      const err = line.err as { type: string; message: string; stack: string; detail: string };
      expect(err.type).toBe('StoreError');
      expect(err.message).toBe('GET /api/booking-manage/[redacted]/cancel failed: lookup of [redacted]');
      expect(err.stack).toContain('Error: GET /api/booking-manage/[redacted]/cancel failed');
      expect(err.detail).toBe('Key (token)=([redacted]) is not present');
      expect(capture.text).not.toContain(token);
    });

    it("scrubs the calendar feed's token from an error whether it quotes it with its .ics or alone", async () => {
      answer = (_request, response) => {
        noteError(response, new Error(`no feed for ${token} (${token}.ics)`));
        response.writeHead(500).end('{}');
      };
      const response = await fetch(`${base}/calendar/${token}.ics`);
      const line = await lineFor(response.headers.get('x-request-id')!);
      expect(line).toEqual(expect.objectContaining({ status: 500, path: '/calendar/[redacted]' }));
      expect((line.err as { message: string }).message).toBe('no feed for [redacted] ([redacted])');
      expect(capture.text).not.toContain(token);
    });

    it('logs the error of another path as it is', async () => {
      answer = (_request, response) => {
        noteError(response, new Error(`lookup of ${token}`));
        response.writeHead(500).end('{}');
      };
      const response = await fetch(`${base}/api/other`);
      expect(((await lineFor(response.headers.get('x-request-id')!)).err as { message: string }).message).toBe(
        `lookup of ${token}`,
      );
    });
  });

  it('names mounted handlers by their prefix, and logs health checks at debug only', async () => {
    answer = (_request, response) => response.end('ok');
    const asset = await fetch(`${base}/assets/app-1234.js`);
    expect((await lineFor(asset.headers.get('x-request-id')!)).route).toBe('/assets/*');
    answer = (_request, response) => {
      labelRoute(response, '/api/health');
      response.end('ok');
    };
    await fetch(`${base}/api/health`);
    await new Promise((r) => setTimeout(r, 20));
    expect(capture.lines.some((l) => l.path === '/api/health')).toBe(false);
    expect(timings.map(([route]) => route)).toEqual(['/assets/*', '/api/health']);
  });

  it('logs a request the client gave up on as aborted, without timing it', async () => {
    answer = () => undefined; // never answers
    const controller = new AbortController();
    const asked = fetch(`${base}/slow`, { signal: controller.signal, headers: { 'X-Request-Id': 'given-up' } }).catch(
      () => 'aborted',
    );
    await new Promise((r) => setTimeout(r, 30));
    controller.abort();
    expect(await asked).toBe('aborted');
    expect(await lineFor('given-up')).toEqual(expect.objectContaining({ msg: 'request aborted', aborted: true }));
    expect(timings).toEqual([]);
  });

  it('adds the id to the headers of an answer written in one writeHead', async () => {
    answer = (_request, response) => {
      response.removeHeader('X-Request-Id');
      response.writeHead(200, withRequestId(['Content-Type', 'text/plain'], response) as string[]).end('ok');
    };
    const response = await fetch(`${base}/x`, { headers: { 'X-Request-Id': 'one-write' } });
    expect(response.headers.get('x-request-id')).toBe('one-write');
    expect(response.headers.get('content-type')).toBe('text/plain');
  });

  it('writes nothing below its level', async () => {
    capture = new LogCapture('warn');
    server.removeAllListeners('request');
    server.on(
      'request',
      observeRequests((_request, response) => response.end('ok'), {
        logger: capture.logger,
        timing: () => undefined,
        routeOf: () => '/x',
      }),
    );
    await fetch(`${base}/x`);
    await new Promise((r) => setTimeout(r, 20));
    expect(capture.raw).toEqual([]);
  });

  it("does the drain's bookkeeping in its own listener: answers while closing say Connection: close", async () => {
    const close = drainOnClose(server, { idleGraceMs: 50, deadlineMs: 1000 });
    expect(server.listeners('request')).toHaveLength(1);
    let release!: () => void;
    answer = (_request, response) => {
      void new Promise<void>((r) => (release = r)).then(() => response.end('done'));
    };
    const pending = fetch(`${base}/held`);
    await new Promise((r) => setTimeout(r, 30));
    const closed = close();
    release();
    const response = await pending;
    expect(response.headers.get('connection')).toBe('close');
    await closed;
  });
});
