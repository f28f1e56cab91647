// The benchmark's reading of wrk: the JSON line its Lua `done` prints after wrk's own summary, turned into the
// figures a row holds (ms, not µs; answers by status; errors apart from timeouts), and a clear error where that
// line is missing or broken. Then the script itself, run by Debian's wrk (installed with apt-get where missing,
// as the bench does) against a small server of the spec's own.
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ensureDebianCommand } from '../lib/debian.mjs';
import { WRK_MARKER, luaString, parseWrkOutput, runWrk, wrkScript } from '../lib/bench-wrk.mjs';

/** What wrk 4.1 prints for a 2 s run, then the line the script's `done` adds. */
const WRK_SUMMARY = `Running 2s test @ http://127.0.0.1:40377/maya-bench
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     2.61ms    3.02ms  36.45ms   94.12%
    Req/Sec    12.55k     1.10k   13.70k    80.00%
  25232 requests in 2.02s, 109.71MB read
  Non-2xx or 3xx responses: 12
Requests/sec:  12490.30
Transfer/sec:     54.31MB
`;
const RESULT = {
  requests: 25244,
  durationUs: 2021088,
  bytes: 115040000,
  sent: 25294,
  errors: { connect: 0, read: 2, write: 1, status: 12, timeout: 3 },
  latencyUs: { p50: 2304, p90: 4120, p99: 36452, mean: 2611.4, max: 36450 },
  statuses: { 500: 12, 200: 25232 },
};

describe('parseWrkOutput', () => {
  it('reads the result line after wrk’s summary: counts as they are, latency in ms, statuses in order', () => {
    const parsed = parseWrkOutput(`${WRK_SUMMARY}\n${WRK_MARKER}${JSON.stringify(RESULT)}\n`);
    expect(parsed).toEqual({
      requests: 25244,
      seconds: 2.021088,
      bytes: 115040000,
      sent: 25294,
      statusCodes: { 200: 25232, 500: 12 },
      errors: 3,
      timeouts: 3,
      latency: { p50: 2.3, p90: 4.12, p99: 36.45, mean: 2.61, max: 36.45 },
    });
    expect(Object.keys(parsed.statusCodes)).toEqual(['200', '500']);
  });

  it('takes the last result line when there are several, and ignores lines that only look alike', () => {
    const earlier = { ...RESULT, requests: 1 };
    const output = `${WRK_MARKER}${JSON.stringify(earlier)}\n${WRK_SUMMARY}  ${WRK_MARKER}not at the start\n${WRK_MARKER}${JSON.stringify(RESULT)}\n`;
    expect(parseWrkOutput(output).requests).toBe(25244);
  });

  it('reads a run that got no answer at all', () => {
    const none = {
      ...RESULT,
      requests: 0,
      sent: 50,
      statuses: {},
      latencyUs: { p50: 0, p90: 0, p99: 0, mean: 0, max: 0 },
    };
    const parsed = parseWrkOutput(`${WRK_MARKER}${JSON.stringify(none)}\n`);
    expect(parsed.statusCodes).toEqual({});
    expect(parsed.requests).toBe(0);
    expect(parsed.sent).toBe(50);
  });

  it('says so, with the end of wrk’s output, when the result line is missing', () => {
    const failed = 'unable to connect to 127.0.0.1:1 Connection refused\n';
    expect(() => parseWrkOutput('', failed)).toThrow(
      /wrk printed no result line:\nunable to connect to 127\.0\.0\.1:1/,
    );
    expect(() => parseWrkOutput(WRK_SUMMARY)).toThrow(/no result line:[\s\S]*Requests\/sec: {2}12490\.30/);
  });

  it('says so when the result line is not JSON', () => {
    expect(() => parseWrkOutput(`${WRK_MARKER}{"requests":12,\n`)).toThrow(/wrk's result line is not JSON/);
  });
});

describe('luaString', () => {
  it('quotes and escapes, bytes outside printable ASCII as decimal escapes', () => {
    expect(luaString('a "b" \\ c')).toBe('"a \\"b\\" \\\\ c"');
    expect(luaString('é\n')).toBe('"\\195\\169\\10"');
  });
});

describe('runWrk against a server of its own', () => {
  const seen = [];
  let server;
  let url;
  let command;
  beforeAll(async () => {
    command = ensureDebianCommand('wrk', 'wrk', () => undefined);
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        seen.push({
          path: request.url,
          address: request.headers['x-forwarded-for'],
          body,
          agent: request.headers['user-agent'],
        });
        response.writeHead(request.url === '/missing' ? 404 : request.url.startsWith('/go/') ? 302 : 200);
        response.end('ok');
      });
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${server.address().port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('sends the spec’s headers, spreads the paths, counts the answers by status and what stayed unanswered', async () => {
    seen.length = 0;
    const spec = {
      path: '/go/a',
      headers: { 'User-Agent': 'Bench "quoted" é' },
      rotate: { paths: ['/go/a', '/go/b', '/missing'] },
    };
    const result = await runWrk({ command, url, spec, duration: 1, connections: 4 });
    const answered = Object.values(result.statusCodes).reduce((a, b) => a + b, 0);
    expect(answered).toBe(result.requests);
    expect(result.statusCodes[302]).toBeGreaterThan(0);
    expect(result.statusCodes[404]).toBeGreaterThan(0);
    expect(result.sent - result.requests).toBeGreaterThanOrEqual(0);
    // What the server received lies between what wrk saw answered and what it sent: at most one request per
    // connection was in flight when wrk stopped.
    expect(seen.length).toBeGreaterThanOrEqual(result.requests);
    expect(seen.length).toBeLessThanOrEqual(result.sent);
    expect(seen.length - result.requests).toBeLessThanOrEqual(4);
    expect(new Set(seen.map((r) => r.path))).toEqual(new Set(['/go/a', '/go/b', '/missing']));
    // node:http reads header bytes as Latin-1: the UTF-8 bytes arrived as written.
    const agents = seen.map((r) => Buffer.from(r.agent, 'latin1').toString('utf8'));
    expect(new Set(agents)).toEqual(new Set(['Bench "quoted" é']));
    expect(result.latency.p99).toBeGreaterThan(0);
  });

  it('sends each body in turn from an address of its own', async () => {
    seen.length = 0;
    const spec = {
      method: 'POST',
      path: '/login',
      headers: { 'Content-Type': 'application/json' },
      rotate: { bodies: ['{"n":1}', '{"n":2}'] },
    };
    const result = await runWrk({ command, url, spec, duration: 1, connections: 2 });
    expect(result.statusCodes[200]).toBe(result.requests);
    expect(new Set(seen.map((r) => r.body))).toEqual(new Set(['{"n":1}', '{"n":2}']));
    expect(new Set(seen.map((r) => r.address)).size).toBe(seen.length);
    expect(seen.every((r) => /^10\.\d+\.\d+\.\d+$/.test(r.address))).toBe(true);
  });

  it('writes a script that formats the request once when nothing turns', () => {
    const script = wrkScript({ path: '/maya', headers: { Cookie: 'sid=x' } });
    expect(script).toContain('local paths = { "/maya" }');
    expect(script).toContain('local bodies = nil');
  });
});
