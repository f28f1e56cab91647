// `npm test`: every test. Uses the PostgreSQL and Redis named by DATABASE_URL / REDIS_URL when set;
// otherwise starts an embedded PostgreSQL and a redis-server of its own (installing redis-server with apt
// where missing and allowed), builds, runs each suite and prints one closing line with the totals.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ROOT } from './lib/env.mjs';
import { startEmbeddedPostgres } from './lib/embedded-postgres.mjs';
import { run, runForCode } from './lib/processes.mjs';
import { startRedisServer } from './lib/redis-server.mjs';

const log = (message) => console.log(`[test] ${message}`);
const jest = resolve(ROOT, 'node_modules/jest/bin/jest.js');

const SUITES = [
  { name: 'shared-contracts unit', cwd: 'shared-contracts', config: 'jest.config.js' },
  { name: 'backend unit', cwd: 'backend', config: 'jest.config.js' },
  { name: 'backend integration', cwd: 'backend', config: 'jest.integration.config.js' },
];

async function main() {
  const cleanups = [];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await step().catch(() => undefined);
  };
  process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

  const scratch = await mkdtemp(join(tmpdir(), 'linkbio-test-'));
  cleanups.push(() => rm(scratch, { recursive: true, force: true }));
  const env = { ...process.env, NODE_ENV: 'test' };
  try {
    if (!env.DATABASE_URL) {
      const database = await startEmbeddedPostgres({ dataDir: join(scratch, 'data'), log, persistent: false });
      cleanups.push(database.stop);
      env.DATABASE_URL = database.url;
      log('Using an embedded PostgreSQL for this run.');
    } else log('Using the PostgreSQL named by DATABASE_URL.');
    if (!env.REDIS_URL) {
      const redis = await startRedisServer(log);
      cleanups.push(redis.stop);
      env.REDIS_URL = redis.url;
      log('Using a redis-server started for this run.');
    } else log('Using the Redis named by REDIS_URL.');

    const nx = resolve(ROOT, 'node_modules/.bin/nx');
    await run(nx, ['run-many', '-t', 'build', '--outputStyle=static'], { cwd: ROOT, env });

    const totals = { passed: 0, failed: 0, skipped: 0 };
    let failedSuites = 0;
    log('Type-checking and linting…');
    if ((await runForCode(nx, ['run-many', '-t', 'typecheck', 'lint', '--outputStyle=static'], { cwd: ROOT, env })) !== 0) {
      failedSuites += 1;
      log('typecheck / lint: FAILED');
    }
    for (const suite of SUITES) {
      log(`Running ${suite.name} tests…`);
      const report = join(scratch, `${suite.name.replace(/\W+/g, '-')}.json`);
      const code = await runForCode(
        process.execPath,
        ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', jest, '--config', suite.config, '--ci', '--json', `--outputFile=${report}`],
        { cwd: resolve(ROOT, suite.cwd), env },
      );
      const result = await readFile(report, 'utf8').then(JSON.parse).catch(() => null);
      if (result) {
        totals.passed += result.numPassedTests;
        totals.failed += result.numFailedTests;
        totals.skipped += result.numPendingTests + result.numTodoTests;
      }
      if (code !== 0 || !result || result.numTotalTests === 0) {
        failedSuites += 1;
        log(`${suite.name}: FAILED${result && result.numTotalTests === 0 ? ' (no tests ran)' : ''}`);
      }
    }
    await cleanup();
    if (failedSuites > 0 && totals.failed === 0) totals.failed = failedSuites;
    console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
    process.exit(totals.failed > 0 || failedSuites > 0 ? 1 : 0);
  } catch (error) {
    console.error(`[test] ${error instanceof Error ? error.message : error}`);
    await cleanup();
    process.exit(1);
  }
}

void main();
