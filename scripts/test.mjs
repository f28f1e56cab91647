// `npm test`: every test. Uses the PostgreSQL and Redis named by DATABASE_URL / REDIS_URL when set;
// otherwise starts an embedded PostgreSQL and a redis-server of its own; likewise radicale, the CalDAV server
// of the calendar specs, unless RADICALE_URL names one (installing redis-server, radicale, and
// Chromium for the browser specs, with apt where missing and allowed). Builds, type-checks and lints, runs
// each suite, runs the browser specs against the product started as `npm start` starts it (and `npm run weight`
// against it: the bio page's bytes, printed), then against the
// deployed topology (scripts/topology.mjs: nginx, installed likewise, two APIs, two workers), runs the benchmark
// briefly (`npm run bench -- --quick`, figures printed, none asserted), and prints one closing line with the totals.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ROOT } from './lib/env.mjs';
import { withDatabase } from './lib/database.mjs';
import { readCounts, readProblems } from './lib/test-reports.mjs';
import { startEmbeddedPostgres } from './lib/embedded-postgres.mjs';
import { requireNode } from './lib/node-version.mjs';
import { freePort, waitForHttp } from './lib/ports.mjs';
import { onShutdownSignal, run, runForCode, stopChild, stopRunning, track } from './lib/processes.mjs';
import { ensureDebianCommand } from './lib/debian.mjs';
import { startRadicaleServer } from './lib/radicale-server.mjs';
import { startRedisServer } from './lib/redis-server.mjs';

const log = (message) => console.log(`[test] ${message}`);
const bin = (name) => resolve(ROOT, 'node_modules/.bin', name);
const node = (script, ...args) => [process.execPath, ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', resolve(ROOT, script), ...args]];

/** Each suite writes a JSON report with Jest's counters (Vitest and our Playwright summary use the same names). */
const SUITES = [
  { name: 'shared-contracts unit', cwd: 'shared-contracts', command: (out) => node('node_modules/jest/bin/jest.js', '--ci', '--json', `--outputFile=${out}`) },
  { name: 'backend unit', cwd: 'backend', command: (out) => node('node_modules/jest/bin/jest.js', '--ci', '--json', `--outputFile=${out}`) },
  {
    name: 'backend integration',
    cwd: 'backend',
    command: (out) => node('node_modules/jest/bin/jest.js', '--config', 'jest.integration.config.js', '--ci', '--json', `--outputFile=${out}`),
  },
  { name: 'scripts', cwd: 'scripts', command: (out) => node('node_modules/jest/bin/jest.js', '--config', 'jest.config.js', '--ci', '--json', `--outputFile=${out}`) },
  {
    name: 'dashboard-app components',
    cwd: 'dashboard-app',
    command: (out) => [bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]],
  },
  {
    name: 'checkout-ui components',
    cwd: 'checkout-ui',
    command: (out) => [bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]],
  },
  {
    name: 'public-app components',
    cwd: 'public-app',
    command: (out) => [bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]],
  },
];

/** The operators' sign-in of the product the browser specs run against (its queue dashboard is checked too). */
const E2E_OPERATOR = { user: 'e2e-operator', password: `e2e-${Date.now()}-operator` };

/** Starts the product as `npm start` does (after the build), on a database of its own, and runs Playwright. */
async function runBrowserSpecs(env, scratch, report) {
  let chromium;
  try {
    chromium = ensureDebianCommand('chromium', 'chromium', log);
  } catch (error) {
    console.error(`[test] ${error.message}`);
    return 1;
  }
  const name = `linkbio_e2e_${Date.now()}`;
  await withDatabase(env.DATABASE_URL, (c) => c.query(`create database ${name}`));
  const databaseUrl = new URL(env.DATABASE_URL);
  databaseUrl.pathname = `/${name}`;
  const port = await freePort();
  const productEnv = {
    ...env,
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl.toString(),
    PORT: String(port),
    DATA_DIR: join(scratch, 'e2e-data'),
    REDIS_KEY_PREFIX: `linkbio-e2e-${Date.now()}:`,
    OPERATOR_USER: E2E_OPERATOR.user,
    OPERATOR_PASSWORD: E2E_OPERATOR.password,
    // The specs sign more creators up than one address may in an hour (10): each creator gives its own address
    // in X-Forwarded-For, trusted from loopback only (e2e/support/product.ts).
    TRUST_PROXY: 'loopback',
  };
  const product = track(spawn(process.execPath, [resolve(ROOT, 'scripts/start.mjs')], { env: productEnv, stdio: ['ignore', 'pipe', 'pipe'] }));
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  product.stdout.on('data', keep);
  product.stderr.on('data', keep);
  try {
    await waitForHttp(`http://127.0.0.1:${port}/api/health`, 90_000);
    // A spec that fails is run once more, and one that then passes is named at the end of the run as having
    // needed it: the browser specs share a machine with everything else, and a slow moment must not hide the
    // rest of the run's result — nor go unseen.
    const specs = await runForCode(bin('playwright'), ['test', '--retries=1'], {
      cwd: resolve(ROOT, 'e2e'),
      env: {
        ...env,
        E2E_BASE_URL: `http://localhost:${port}`,
        // The product sends e-mail as .eml files into DATA_DIR/mail; the specs read reset links from there.
        E2E_MAIL_DIR: join(productEnv.DATA_DIR, 'mail'),
        CHROMIUM_PATH: chromium,
        PLAYWRIGHT_JSON_OUTPUT_NAME: report,
        E2E_OPERATOR_USER: E2E_OPERATOR.user,
        E2E_OPERATOR_PASSWORD: E2E_OPERATOR.password,
      },
    });
    // What a phone downloads for a bio page with every kind of block (npm run weight), against the same product:
    // figures printed, the 20 KB budget said, nothing asserted; the step fails only if the measure cannot be made.
    log('Measuring the pages\' weight (npm run weight)…');
    const weighed = await runForCode(process.execPath, [resolve(ROOT, 'scripts/weight.mjs')], {
      cwd: ROOT,
      env: { ...env, E2E_BASE_URL: `http://localhost:${port}`, CHROMIUM_PATH: chromium },
    });
    if (weighed !== 0) log('weight: FAILED (the pages could not be measured)');
    return specs !== 0 ? specs : weighed;
  } catch (error) {
    console.error(`[test] the product did not start for the browser specs: ${error.message}\n${output}`);
    return 1;
  } finally {
    await stopChild(product);
    await withDatabase(env.DATABASE_URL, (c) => c.query(`drop database if exists ${name} with (force)`)).catch(() => undefined);
  }
}

/** Set by Ctrl-C (or SIGTERM): no further step starts, and what fails because of it is not reported. */
let interrupted = false;

async function main() {
  requireNode('test');
  const cleanups = [];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await step().catch(() => undefined);
  };
  // Ctrl-C: the running tests and the product end first (the terminal's SIGINT reached them too; they are
  // asked again if not), then the database and Redis, which run in process groups of their own for this.
  onShutdownSignal(() => {
    if (interrupted) return;
    interrupted = true;
    log('Interrupted: stopping…');
    void stopRunning()
      .then(cleanup)
      .then(() => process.exit(130));
  });

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
    if (!env.RADICALE_URL) {
      const radicale = await startRadicaleServer(log);
      cleanups.push(radicale.stop);
      env.RADICALE_URL = radicale.url;
      log('Using a radicale (CalDAV) started for this run.');
    } else log('Using the radicale named by RADICALE_URL.');

    // The build is the product's, not the tests': it must not see NODE_ENV=test.
    const { NODE_ENV: _testMode, ...buildEnv } = env;
    await run(bin('nx'), ['run-many', '-t', 'build', '--outputStyle=static'], { cwd: ROOT, env: buildEnv });

    const totals = { passed: 0, failed: 0, skipped: 0 };
    let failedSteps = 0;
    /** Failed and flaky tests by name, printed last. */
    const named = [];
    log('Type-checking and linting…');
    const checked = await runForCode(bin('nx'), ['run-many', '-t', 'typecheck', 'lint', '--outputStyle=static'], { cwd: ROOT, env });
    if (interrupted) return;
    if (checked !== 0) {
      failedSteps += 1;
      log('typecheck / lint: FAILED');
    }

    const steps = [
      ...SUITES.map((suite) => ({
        name: suite.name,
        run: (report) => {
          const [command, args] = suite.command(report);
          return runForCode(command, args, { cwd: resolve(ROOT, suite.cwd), env });
        },
      })),
      { name: 'browser (Playwright)', run: (report) => runBrowserSpecs(env, scratch, report) },
      // The deployed topology (docker/compose.yaml) on this machine: nginx with TLS, two APIs, two workers, s3rver.
      {
        name: 'topology (Playwright through nginx)',
        run: (report) => runForCode(process.execPath, [resolve(ROOT, 'scripts/topology.mjs'), '--report', report], { cwd: ROOT, env }),
      },
    ];
    for (const step of steps) {
      if (interrupted) return;
      log(`Running ${step.name} tests…`);
      const report = join(scratch, `${step.name.replace(/\W+/g, '-')}.json`);
      const code = await step.run(report);
      if (interrupted) return;
      const counts = await readCounts(report);
      const problems = await readProblems(report);
      for (const name of problems.failed) named.push(`failed: ${step.name} › ${name}`);
      for (const name of problems.flaky) named.push(`passed on a second try: ${step.name} › ${name}`);
      if (counts) {
        totals.passed += counts.passed;
        totals.failed += counts.failed;
        totals.skipped += counts.skipped;
      }
      if (code !== 0 || !counts || counts.total === 0) {
        failedSteps += 1;
        log(`${step.name}: FAILED${counts && counts.total === 0 ? ' (no tests ran)' : ''}`);
      }
    }
    // The benchmark, briefly, so it keeps working: it prints figures and is held to none of them.
    if (interrupted) return;
    log('Running the benchmark briefly (npm run bench -- --quick)…');
    const benched = await runForCode(process.execPath, [resolve(ROOT, 'scripts/bench.mjs'), '--quick'], { cwd: ROOT, env: buildEnv });
    if (interrupted) return;
    if (benched !== 0) {
      failedSteps += 1;
      log('bench (quick): FAILED');
    }
    await cleanup();
    if (failedSteps > 0 && totals.failed === 0) totals.failed = failedSteps;
    for (const line of named.slice(0, 30)) console.log(`[test] ${line}`);
    if (named.length > 30) console.log(`[test] … and ${named.length - 30} more`);
    console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
    process.exit(failedSteps > 0 || totals.failed > 0 ? 1 : 0);
  } catch (error) {
    if (interrupted) return;
    console.error(`[test] ${error instanceof Error ? error.message : error}`);
    await cleanup();
    process.exit(1);
  }
}

void main();
