import { freePort, testDatabaseUrl, unique } from './support/harness.js';
import { exited, startApi, startProcess, until } from './support/processes.js';

/*
 * The API as deployed (built code, a real process, its stdout a pipe): JSON lines written asynchronously,
 * every one out by the time the process has exited on SIGTERM; LOG_LEVEL=warn leaves the request lines out;
 * a LOG_LEVEL that is no level stops the start, saying which are.
 */
describe('the API process logs', () => {
  const env = (extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: testDatabaseUrl(),
    REDIS_KEY_PREFIX: `linkbio-logs-${unique('p')}:`,
    SESSION_SECRET: 'logging-test-session-secret-0123456789abcd',
    HOST: '127.0.0.1',
    DATABASE_POOL_MAX: '2',
    LOG_LEVEL: undefined,
    ...extra,
  });

  const jsonLines = (output: string) =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  it('writes one JSON line per request on stdout at info, each out by the time it exits', async () => {
    const port = await freePort();
    const api = await startApi(env({}), port);
    const asked = await fetch(`http://127.0.0.1:${port}/api/config?token=not-for-logs`, { headers: { 'X-Request-Id': 'process-check-1' } });
    expect(asked.headers.get('x-request-id')).toBe('process-check-1');
    api.child.kill('SIGTERM');
    expect(await exited(api.child)).toBe(0);
    const lines = jsonLines(api.output());
    expect(lines).toContainEqual(expect.objectContaining({ level: 'info', context: 'Bootstrap', msg: `API listening on http://localhost:${port}` }));
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 'info', msg: 'request completed', reqId: 'process-check-1', path: '/api/config', route: '/api/config', status: 200, pid: api.child.pid }),
    );
    expect(api.output()).not.toContain('not-for-logs');
    // Nest's start-up report stays out; health checks (startApi's) are at debug.
    expect(api.output()).not.toMatch(/RouterExplorer|InstanceLoader|"path":"\/api\/health"/);
  });

  it('leaves the request lines out under LOG_LEVEL=warn', async () => {
    const port = await freePort();
    const api = await startApi(env({ LOG_LEVEL: 'warn' }), port);
    await fetch(`http://127.0.0.1:${port}/api/config`);
    api.child.kill('SIGTERM');
    expect(await exited(api.child)).toBe(0);
    expect(jsonLines(api.output()).filter((line) => line.level === 'info')).toEqual([]);
  });

  it('refuses to start with a LOG_LEVEL that is no level, naming them', async () => {
    const api = startProcess('main.js', env({ LOG_LEVEL: 'loud', PORT: String(await freePort()) }));
    expect(await exited(api.child)).toBe(1);
    await until('the message', async () => api.output(), (out) => out.includes('LOG_LEVEL'), 5_000);
    expect(api.output()).toContain('LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent');
  });
});
