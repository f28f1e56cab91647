// Load on one path at a time, and what it measured: with Debian's wrk (bench-wrk.mjs) where it is installed or
// can be, else with autocannon (in this process, one event loop). Both give the same row.
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { nextAddress } from './bench-api.mjs';
import { ensureDebianCommand } from './debian.mjs';
import { runWrk, wrkVersion } from './bench-wrk.mjs';

/** Which answers count as served: the redirect is /go's answer, a 2xx every other path's. */
const SUCCESS = {
  '2xx': (status) => status >= 200 && status < 300,
  '3xx': (status) => status >= 300 && status < 400,
};

/**
 * Loads `path` for `duration` seconds over `connections` keep-alive connections, one request at a time on each.
 * At the end no connection sends again but each waits for the answer it is owed, so every request the product
 * received was answered and counted here: the view and click counts are checked against these numbers.
 * `rotate` spreads the requests over `paths`, or over `bodies` each with an X-Forwarded-For address of its own.
 *
 * Returns req/s (mean over the run), latency percentiles in ms, the answers by status, how many were served
 * (`ok`, per `success`), `failed` (the rest), errors and timeouts, and `unanswered` (sent, never answered).
 */
async function runAutocannon({
  url,
  path,
  method = 'GET',
  headers = {},
  body,
  rotate,
  duration,
  connections,
  success = '2xx',
}) {
  const setupRequest = rotation(rotate);
  const clients = [];
  let sent = 0;
  let firstRequest = 0;
  let lastDone = 0;
  const instance = autocannon({
    url,
    connections,
    pipelining: 1,
    timeout: 10,
    // A safety net only: the timer below ends the run, letting answers in flight arrive.
    duration: duration + 60,
    requests: [
      { method, path, headers, ...(body === undefined ? {} : { body }), ...(setupRequest ? { setupRequest } : {}) },
    ],
    setupClient: (client) => {
      clients.push(client);
      client.on('request', () => {
        if (sent === 0) firstRequest = performance.now();
        sent += 1;
      });
      client.on('done', () => {
        lastDone = performance.now();
      });
    },
  });
  // autocannon 9.0.0's client stops before its next request once it has made `responseMax` requests: capping
  // each at what it made so far ends the run after the answers in flight, instead of dropping them.
  const timer = setTimeout(() => {
    for (const client of clients) client.responseMax = client.reqsMade;
  }, duration * 1000);
  let result;
  try {
    result = await instance;
  } finally {
    clearTimeout(timer);
  }

  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, Number(count)]),
  );
  const seconds = Math.max(0.001, ((lastDone || performance.now()) - firstRequest) / 1000);
  const latency = {
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    mean: round(result.latency.average, 2),
    max: result.latency.max,
  };
  const { errors, timeouts } = result;
  return row({ path, method, connections, success, seconds, statusCodes, latency, sent, errors, timeouts });
}

/** autocannon's per-request hook for `rotate`: the next path, or the next body from an address of its own. */
function rotation(rotate) {
  if (!rotate) return undefined;
  let n = 0;
  if (rotate.paths) return (request) => ({ ...request, path: rotate.paths[n++ % rotate.paths.length] });
  return (request) => ({
    ...request,
    headers: { ...request.headers, 'X-Forwarded-For': nextAddress() },
    body: rotate.bodies[n++ % rotate.bodies.length],
  });
}

/** The row every generator returns: req/s over the run, the answers by status, served (per `success`) or not. */
function row({ path, method, connections, success, seconds, statusCodes, latency, sent, errors, timeouts }) {
  const answered = Object.values(statusCodes).reduce((total, count) => total + count, 0);
  const ok = Object.entries(statusCodes).reduce(
    (total, [code, count]) => total + (SUCCESS[success](Number(code)) ? count : 0),
    0,
  );
  return {
    path,
    method,
    connections,
    seconds: round(seconds, 2),
    rps: round(answered / Math.max(0.001, seconds), 1),
    latency,
    answered,
    ok,
    failed: answered - ok,
    success,
    statusCodes,
    errors,
    timeouts,
    sent,
    unanswered: Math.max(0, sent - answered),
  };
}

async function loadWithWrk({
  url,
  path,
  method = 'GET',
  headers = {},
  body,
  rotate,
  duration,
  connections,
  success = '2xx',
}) {
  const measured = await runWrk({ url, spec: { path, method, headers, body, rotate }, duration, connections });
  return row({ path, method, connections, success, ...measured });
}

const AUTOCANNON_VERSION = createRequire(import.meta.url)('autocannon/package.json').version;

/**
 * The load generator of this run: `wanted` 'wrk' or 'autocannon', or null for wrk where it is installed or can
 * be installed (apt-get, as root), else autocannon. Returns { name, version, threads, why, run } where `run`
 * takes what runAutocannon takes and returns its row.
 */
export function chooseLoadGenerator(wanted, log) {
  const autocannonGenerator = (why) => ({
    name: 'autocannon',
    version: AUTOCANNON_VERSION,
    threads: 'the bench process’s event loop',
    why,
    run: runAutocannon,
  });
  if (wanted === 'autocannon') return autocannonGenerator('asked for (--generator autocannon)');
  let command;
  try {
    command = ensureDebianCommand('wrk', 'wrk', log);
  } catch (error) {
    if (wanted === 'wrk') throw error;
    log(`wrk: ${error.message} Measuring with autocannon instead.`);
    return autocannonGenerator('wrk is not installed and could not be installed here');
  }
  return {
    name: 'wrk',
    version: wrkVersion(command),
    threads: 1,
    why: wanted === 'wrk' ? 'asked for (--generator wrk)' : 'installed',
    run: loadWithWrk,
  };
}

const round = (value, digits) => Math.round(value * 10 ** digits) / 10 ** digits;
