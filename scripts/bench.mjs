// `npm run bench`: how fast the product answers its hot paths, next to a bare node:http server sending the
// same bytes, whether every view and click under that load is counted exactly once, and whether cost grows
// with creators, links and events. A benchmark that prints figures; it asserts nothing.
//
//   npm run build && npm run bench      3 rounds of 8 s per path over 50 connections
//   npm run bench -- --quick            2 rounds of 2 s per path
//   npm run bench -- --duration 15 --connections 100 --rounds 5
//   npm run bench -- --generator autocannon
//   npm run bench -- --cpu-prof             the API under V8's profiler: bench/results/cpu/*.cpuprofile
//
// The load comes from Debian's wrk (one thread, installed with apt-get where missing and allowed), else from
// autocannon; which one measured is printed and kept with the figures.
//
// The product runs as deployed (NODE_ENV=production): on a database of its own, created on the server that
// DATABASE_URL names and dropped at the end, else on an embedded PostgreSQL in a temporary folder; on the Redis
// REDIS_URL names under a key prefix of its own (deleted at the end), else with its queues in PostgreSQL.
// BENCH_ROOT names another checkout whose build (backend/dist, …) is measured instead of this one's.
// Figures and the machine they were taken on go to bench/results/latest.json.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ROOT } from './lib/env.mjs';
import { onShutdownSignal } from './lib/processes.mjs';
import { createCreator, rawGet } from './lib/bench-api.mjs';
import { startBaseline } from './lib/bench-baseline.mjs';
import { measureGrowth } from './lib/bench-growth.mjs';
import { chooseLoadGenerator } from './lib/bench-load.mjs';
import { measurePaths, productPaths } from './lib/bench-paths.mjs';
import { prepareDatabase, redisVersion, rssMiB, startProduct } from './lib/bench-product.mjs';
import { machineFacts, number, printResults, writeResults } from './lib/bench-report.mjs';

const log = (message) => console.log(`[bench] ${message}`);
const RESULTS_FILE = resolve(ROOT, 'bench/results/latest.json');
const LOGIN_ACCOUNTS = 10;

function parseArgs(argv) {
  const options = { quick: false, duration: null, connections: 50, rounds: null, generator: null, cpuProf: false };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i].split('=');
    const value = () => {
      const n = Number(inline ?? argv[++i]);
      if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} needs a whole number of 1 or more.`);
      return n;
    };
    if (flag === '--quick') options.quick = true;
    else if (flag === '--cpu-prof') options.cpuProf = true;
    else if (flag === '--duration') options.duration = value();
    else if (flag === '--connections') options.connections = value();
    else if (flag === '--rounds') options.rounds = value();
    else if (flag === '--generator') {
      options.generator = inline ?? argv[++i];
      if (!['wrk', 'autocannon'].includes(options.generator)) throw new Error('--generator is wrk or autocannon.');
    } else if (flag === '--help' || flag === '-h') {
      console.log(
        'Usage: npm run bench -- [--quick] [--duration SECONDS] [--connections N] [--rounds N] [--generator wrk|autocannon] [--cpu-prof]',
      );
      process.exit(0);
    } else throw new Error(`Unknown option ${argv[i]} (try --help).`);
  }
  options.duration ??= options.quick ? 2 : 8;
  options.rounds ??= options.quick ? 2 : 3;
  options.growthDuration = options.quick ? 2 : Math.max(2, Math.round(options.duration / 2));
  options.warmup = options.quick ? 1 : 2;
  return options;
}

async function bench(options, root, cleanups, results) {
  const main = resolve(root, 'backend/dist/main.js');
  if (!existsSync(main)) {
    throw new Error(`${main} is missing: run \`npm run build\` first${root === ROOT ? '' : ` in ${root}`}.`);
  }
  const generator = chooseLoadGenerator(options.generator, log);
  results.loadGenerator = {
    name: generator.name,
    version: generator.version,
    threads: generator.threads,
    why: generator.why,
  };
  log(`Load generator: ${generator.name} ${generator.version ?? ''} (${generator.why}).`);
  const redisUrl = process.env.REDIS_URL || '';
  const database = await prepareDatabase({ databaseUrl: process.env.DATABASE_URL || '', cleanups, log });
  results.services = {
    postgres: { kind: database.kind, version: database.version },
    redis: redisUrl
      ? { kind: 'external', version: await redisVersion(redisUrl) }
      : { kind: 'none (queues, sessions and limits in PostgreSQL)' },
  };
  log(
    redisUrl
      ? `Redis: ${new URL(redisUrl).host} (external).`
      : 'Redis: none; the product keeps its queues in PostgreSQL.',
  );
  const cpuProfileDir = options.cpuProf ? resolve(ROOT, 'bench/results/cpu') : null;
  const product = await startProduct({ root, databaseUrl: database.url, redisUrl, cleanups, log, cpuProfileDir });
  if (cpuProfileDir) log(`The API's CPU profile goes to ${cpuProfileDir} when it stops.`);
  const base = `http://127.0.0.1:${product.port}`;
  const rss = async () => ({ apiMiB: await rssMiB(product.api.pid), workerMiB: await rssMiB(product.worker.pid) });
  results.rss = { idle: await rss() };

  log('Seeding through the API: a creator with 5 links and booking on, two more creators, sign-in accounts…');
  const creator = await createCreator(base, { username: 'maya-bench', links: 5, booking: true });
  const premium = await createCreator(base, { username: 'premium-bench' });
  const stats = await createCreator(base, { username: 'stats-bench', links: 5 });
  const accounts = [];
  for (let i = 1; i <= LOGIN_ACCOUNTS; i += 1) {
    accounts.push(await createCreator(base, { username: `bench-login-${String(i).padStart(2, '0')}` }));
  }
  // Read as the signed-in creator, whose own visits count nothing: the seeding adds no view or click.
  const page = await rawGet(base, `/${creator.username}`, { cookie: creator.client.cookie });
  if (page.status !== 200) throw new Error(`GET /${creator.username} answered ${page.status}.`);
  const encoding = page.headers['content-encoding'] ?? 'not compressed';
  log(`Bio page: ${page.body.length} bytes (${encoding}), ${page.headers['content-type']}.`);
  const baseline = await startBaseline(page, cleanups);

  // One path's load; a product that stopped ends the run.
  const load = async (spec, duration, quiet = false) => {
    const row = {
      key: spec.key,
      name: spec.name,
      ...(await generator.run({ url: base, ...spec, duration, connections: options.connections })),
    };
    if (product.died) throw new Error(`${product.died}\n${product.output.slice(-4000)}`);
    if (!quiet) {
      log(
        `${spec.name}: ${number(row.rps, 1)} req/s, p99 ${row.latency.p99} ms, ${number(row.ok)} served, ${number(row.failed)} not, ${row.errors} errors${row.unanswered ? `, ${number(row.unanswered)} sent and never answered` : ''}.`,
      );
    }
    return row;
  };
  const paths = productPaths({ creator, accounts, baselineUrl: baseline.url });
  creator.counted = await measurePaths({ paths, load, creator, options, results, log });
  results.rss.afterLoad = await rss();

  const creatorsBefore = accounts.length + 3;
  await measureGrowth({
    base,
    databaseUrl: database.url,
    load,
    creator,
    premium,
    stats,
    creatorsBefore,
    options,
    results,
    cleanups,
    log,
  });
  results.rss.end = await rss();
  results.productErrorLines = product.errorLines;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const root = resolve(process.env.BENCH_ROOT ?? ROOT);
  const cleanups = [];
  let cleaning = null;
  const cleanup = () =>
    (cleaning ??= (async () => {
      for (const step of cleanups.reverse()) await step().catch((error) => log(`Clean-up: ${error.message}`));
    })());
  let stopping = false;
  onShutdownSignal(() => {
    if (stopping) return;
    stopping = true;
    log('Stopping…');
    void cleanup().then(() => process.exit(130));
  });

  const results = { date: new Date().toISOString(), options, machine: machineFacts(root) };
  try {
    await bench(options, root, cleanups, results);
  } catch (error) {
    // After Ctrl-C the run fails as the product goes away: that is no error of the bench's.
    if (!stopping) console.error(`[bench] ${error instanceof Error ? error.message : error}`);
    await cleanup();
    process.exit(stopping ? 130 : 1);
  }
  await cleanup();
  printResults(results);
  await writeResults(RESULTS_FILE, results);
  log(`Written to ${RESULTS_FILE}`);
}

main().catch((error) => {
  console.error(`[bench] ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
