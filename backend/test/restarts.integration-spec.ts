import { Agent, request as httpRequest } from 'node:http';
import { freePort, testDatabaseUrl, unique } from './support/harness.js';
import { exited, sleep, startApi, startWorker, until, type Running } from './support/processes.js';

/*
 * A rolling restart under steady load, as deployed: two API processes and a worker (built code, real processes,
 * real signals, Redis queues). Visitors keep their keep-alive connection to one API; when that API closes it, they
 * open a new one to the other, as a proxy does. A request written on an open connection must never fail, and
 * every view and click answered is counted once.
 */

const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1';
const CLIENTS = 24;
const STOP_WITHIN_MS = 3_000;

interface Answered {
  status: number;
  /** The API said it closes this connection after this answer. */
  closing: boolean;
}

/** One request on `agent`'s keep-alive connection; rejects with the socket's error and whether the connection was reused. */
function send(agent: Agent, port: number, method: string, path: string): Promise<Answered> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, agent, headers: { 'user-agent': BROWSER } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, closing: res.headers.connection === 'close' }));
      res.on('error', (error) => reject(Object.assign(error, { reusedSocket: req.reusedSocket })));
    });
    req.on('error', (error) => reject(Object.assign(error, { reusedSocket: req.reusedSocket })));
    req.setTimeout(10_000, () => req.destroy(new Error('no answer within 10 s')));
    req.end();
  });
}

describe('restarting an API process under load', () => {
  const id = unique('r');
  let env: NodeJS.ProcessEnv;
  const ports: number[] = [];
  const apis: Running[] = [];
  let worker: Running | null = null;

  beforeAll(async () => {
    if (!process.env.REDIS_URL) throw new Error('REDIS_URL is not set: run the tests with `npm test`.');
    env = {
      ...process.env,
      NODE_ENV: 'development', // logs the worker's "Processing …" line, which startWorker waits for
      DATABASE_URL: testDatabaseUrl(),
      REDIS_KEY_PREFIX: `linkbio-restarts-${id}:`,
      SESSION_SECRET: 'restarts-test-session-secret-0123456789ab',
      HOST: '127.0.0.1',
      TRUST_PROXY: 'loopback',
      DATABASE_POOL_MAX: '4',
      WORKER_SCHEDULES: 'false', // the database is shared with other spec files: no sweeps from here
    };
    for (let i = 0; i < 2; i += 1) ports.push(await freePort());
    apis.push(...(await Promise.all(ports.map((port) => startApi(env, port)))));
    worker = await startWorker(env);
  }, 90_000);

  afterAll(async () => {
    for (const running of [...apis, worker]) {
      if (running && running.child.exitCode === null && running.child.signalCode === null) {
        running.child.kill('SIGTERM');
        await exited(running.child);
      }
    }
  });

  it('fails no request and loses no view or click when each API is restarted in turn', async () => {
    const username = unique('rst');
    const registered = await fetch(`http://127.0.0.1:${ports[0]}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, email: `${username}@example.com`, password: 'correct horse', confirmPassword: 'correct horse', displayName: 'Restarts' }),
    });
    expect(registered.status).toBe(201);
    const cookie = registered.headers.get('set-cookie')!.split(';')[0]!;
    const links: string[] = [];
    for (const title of ['one', 'two']) {
      const created = await fetch(`http://127.0.0.1:${ports[0]}/api/links`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ title, url: `https://example.com/${title}`, order: 0 }),
      });
      expect(created.status).toBe(201);
      links.push(((await created.json()) as { id: string }).id);
    }
    const analytics = async () => {
      const response = await fetch(`http://127.0.0.1:${ports[1]}/api/analytics`, { headers: { cookie } });
      return (await response.json()) as { totalViews: number; totalClicks: number };
    };
    const before = await analytics();

    const requests = [
      { method: 'GET', path: `/${username}`, counts: 'view' },
      { method: 'GET', path: `/go/${links[0]}`, counts: 'click' },
      { method: 'GET', path: `/api/users/${username}`, counts: 'view' },
      { method: 'POST', path: `/api/links/${links[1]}/click`, counts: 'click' },
    ] as const;
    const answered = { view: 0, click: 0 };
    const failures: string[] = [];
    let closedByServer = 0;
    let loading = true;

    const visitor = async (n: number) => {
      const agents = [new Agent({ keepAlive: true, maxSockets: 1 }), new Agent({ keepAlive: true, maxSockets: 1 })];
      let api = n % 2;
      for (let i = n; loading; i += 1) {
        const { method, path, counts } = requests[i % requests.length]!;
        for (let attempt = 0; ; attempt += 1) {
          try {
            const { status, closing } = await send(agents[api]!, ports[api]!, method, path);
            if (status >= 200 && status < 400) answered[counts] += 1;
            else failures.push(`${method} ${path} on API ${api + 1}: ${status}`);
            if (closing) {
              closedByServer += 1;
              api = 1 - api;
            }
            break;
          } catch (error) {
            const { code, message, reusedSocket } = error as NodeJS.ErrnoException & { reusedSocket?: boolean };
            // A new connection refused (the API is not listening): a proxy would try the other one.
            if (code === 'ECONNREFUSED' && attempt < 10) {
              api = 1 - api;
              continue;
            }
            failures.push(`${method} ${path} on API ${api + 1}: ${code ?? message}${reusedSocket ? ' (on a kept-alive connection)' : ''}`);
            break;
          }
        }
      }
      for (const agent of agents) agent.destroy();
    };
    const load = Array.from({ length: CLIENTS }, (_, n) => visitor(n));

    const restart = async (i: number) => {
      await sleep(1_500);
      const stoppingSince = Date.now();
      apis[i]!.child.kill('SIGTERM');
      const code = await exited(apis[i]!.child);
      const stoppedInMs = Date.now() - stoppingSince;
      const output = apis[i]!.output();
      apis[i] = await startApi(env, ports[i]!);
      return { code, stoppedInMs, output };
    };
    const stops = [];
    for (const i of [0, 1]) stops.push(await restart(i));
    await sleep(1_500);
    loading = false;
    await Promise.all(load);

    for (const stop of stops) {
      expect({ code: stop.code, output: stop.code === 0 ? '' : stop.output }).toEqual({ code: 0, output: '' });
      expect(stop.stoppedInMs).toBeLessThan(STOP_WITHIN_MS);
    }
    expect(failures).toEqual([]);
    expect(closedByServer).toBeGreaterThanOrEqual(CLIENTS); // every visitor was moved at least once
    expect(answered.view).toBeGreaterThan(100);
    expect(answered.click).toBeGreaterThan(100);

    const expected = { totalViews: before.totalViews + answered.view, totalClicks: before.totalClicks + answered.click };
    await until('all counted', analytics, (a) => a.totalViews >= expected.totalViews && a.totalClicks >= expected.totalClicks, 60_000);
    await sleep(1_500); // anything counted twice would show now
    expect(await analytics()).toMatchObject(expected);
  }, 180_000);
});
