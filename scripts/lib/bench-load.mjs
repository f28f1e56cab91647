// Load on one path at a time with autocannon (in this process, one event loop), and what it measured.
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

/** Which answers count as served: the redirect is /go's answer, a 2xx every other path's. */
const SUCCESS = {
  '2xx': (status) => status >= 200 && status < 300,
  '3xx': (status) => status >= 300 && status < 400,
};

/**
 * Loads `path` for `duration` seconds over `connections` keep-alive connections, one request at a time on each.
 * At the end no connection sends again but each waits for the answer it is owed, so every request the product
 * received was answered and counted here: the view and click counts are checked against these numbers.
 * `setupRequest` may change each request (a header, the path, the body) as autocannon's option does.
 *
 * Returns req/s (mean over the run), latency percentiles in ms, the answers by status, how many were served
 * (`ok`, per `success`), `failed` (the rest), errors and timeouts, and `unanswered` (sent, never answered).
 */
export async function runLoad({
  url,
  path,
  method = 'GET',
  headers = {},
  body,
  setupRequest,
  duration,
  connections,
  success = '2xx',
}) {
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
  const answered = Object.values(statusCodes).reduce((total, count) => total + count, 0);
  const ok = Object.entries(statusCodes).reduce(
    (total, [code, count]) => total + (SUCCESS[success](Number(code)) ? count : 0),
    0,
  );
  const seconds = Math.max(0.001, ((lastDone || performance.now()) - firstRequest) / 1000);
  return {
    path,
    method,
    connections,
    seconds: round(seconds, 2),
    rps: round(answered / seconds, 1),
    latency: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      mean: round(result.latency.average, 2),
      max: result.latency.max,
    },
    answered,
    ok,
    failed: answered - ok,
    success,
    statusCodes,
    errors: result.errors,
    timeouts: result.timeouts,
    sent,
    unanswered: Math.max(0, sent - answered),
  };
}

const round = (value, digits) => Math.round(value * 10 ** digits) / 10 ** digits;
