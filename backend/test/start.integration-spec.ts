import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './support/harness.js';

/** `npm start` on the embedded default: no DATABASE_URL, no REDIS_URL, data in a folder of its own. */
const ROOT = resolve(import.meta.dirname, '..', '..');

function startProduct(dataDir: string, port: number): { child: ChildProcess; output: () => string } {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), NODE_ENV: 'development' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.SESSION_SECRET;
  const child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

async function healthy(port: number, product: { child: ChildProcess; output: () => string }): Promise<Response> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (product.child.exitCode !== null) throw new Error(`npm start exited early:\n${product.output()}`);
    const response = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
    if (response) return response;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no answer from /api/health:\n${product.output()}`);
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((done) => {
    child.once('exit', (code) => done(code));
    child.kill('SIGINT');
  });
}

describe('npm start on the embedded defaults', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'linkbio-start-'));
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves /api/health with 200, counts visits through its worker, keeps its data between runs and stops cleanly on Ctrl-C', async () => {
    const port = await freePort();
    const first = startProduct(dataDir, port);
    const health = await healthy(port, first);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', database: 'up', redis: 'not configured' });

    const account = { username: 'startcheck', email: 'start@example.com', password: 'secret1', confirmPassword: 'secret1', displayName: 'Start' };
    const registered = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    });
    expect(registered.status).toBe(201);

    // The worker runs beside the API, on queues in the embedded PostgreSQL: a view and a click get counted.
    const cookie = registered.headers.get('set-cookie')!.split(';')[0]!;
    const json = { 'content-type': 'application/json', cookie };
    const link = await fetch(`http://127.0.0.1:${port}/api/links`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ title: 'Site', url: 'https://example.com', order: 0 }),
    });
    expect(link.status).toBe(201);
    const { id } = (await link.json()) as { id: string };
    const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36' };
    expect((await fetch(`http://127.0.0.1:${port}/startcheck`, { headers: browser })).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/go/${id}`, { headers: browser, redirect: 'manual' })).status).toBe(302);
    let counted: unknown = null;
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
      counted = await (await fetch(`http://127.0.0.1:${port}/api/analytics`, { headers: { cookie } })).json();
      if ((counted as { totalClicks: number }).totalClicks === 1) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(counted).toEqual({ totalViews: 1, totalClicks: 1, clickRate: 100, activeLinks: 1 });
    expect(first.output()).toMatch(/Processing analytics, .+ \(postgres\)/);
    expect(first.output()).toContain('weekly-payouts (0 0 * * 1 UTC)');
    expect(first.output()).toContain('billing-sweep (every 60 s)');
    expect(first.output()).toContain('media-sweep (45 3 * * * UTC)');

    expect(await stop(first.child)).toBe(0);
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    const second = startProduct(dataDir, port);
    expect((await healthy(port, second)).status).toBe(200);
    const profile = await fetch(`http://127.0.0.1:${port}/api/users/startcheck`);
    expect(profile.status).toBe(200);
    expect(await stop(second.child)).toBe(0);

    // `npm run migrate` on the same embedded database: already up to date.
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const migrate = spawnSync(process.execPath, [join(ROOT, 'scripts/migrate.mjs')], { cwd: ROOT, env, encoding: 'utf8' });
    expect(migrate.status).toBe(0);
    expect(migrate.stdout).toContain('Database is up to date');
  }, 120_000);
});
