// The hot paths `npm run bench` loads one after another, and the check that the views and clicks they made were
// each counted once by the worker.
import { ACCEPT_ENCODING, GOOGLEBOT, PASSWORD, PHONE_BROWSER, settleCounts } from './bench-api.mjs';
import { countLine, number } from './bench-report.mjs';

/** What a phone's browser sends with every request. */
export const BROWSER = { 'User-Agent': PHONE_BROWSER, 'Accept-Encoding': ACCEPT_ENCODING };

/**
 * The baseline first, then the product's paths. `counts` says what each served answer adds to the creator's
 * totals; `success` is the answer a path owes (the redirect for /go); `rotate` spreads the requests over the
 * creator's links, or over the sign-in accounts (each sign-in from an address of its own: the per-address limit).
 */
export function productPaths({ creator, accounts, baselineUrl }) {
  const signedIn = { ...BROWSER, Cookie: creator.client.cookie };
  const json = { ...BROWSER, 'Content-Type': 'application/json' };
  const bio = `/${creator.username}`;
  const [firstLink] = creator.linkIds;
  const overLinks = (toPath) => ({ paths: creator.linkIds.map(toPath) });
  return [
    { key: 'baseline', name: 'baseline (node:http, same bytes)', url: baselineUrl, path: bio, headers: BROWSER },
    { key: 'bioPerson', name: 'GET /{username} bio page (person)', path: bio, headers: BROWSER, counts: 'views' },
    {
      key: 'bioBot',
      name: 'GET /{username} bio page (bot)',
      path: bio,
      headers: { ...BROWSER, 'User-Agent': GOOGLEBOT },
    },
    {
      key: 'go',
      name: 'GET /go/{id} (302; non-2xx = not 3xx)',
      path: `/go/${firstLink}`,
      headers: BROWSER,
      success: '3xx',
      counts: 'clicks',
      rotate: overLinks((id) => `/go/${id}`),
    },
    {
      key: 'click',
      name: 'POST /api/links/{id}/click',
      method: 'POST',
      path: `/api/links/${firstLink}/click`,
      headers: json,
      body: '{}',
      counts: 'clicks',
      rotate: overLinks((id) => `/api/links/${id}/click`),
    },
    {
      key: 'profile',
      name: 'GET /api/users/{username}',
      path: `/api/users/${creator.username}`,
      headers: BROWSER,
      counts: 'views',
    },
    { key: 'links', name: 'GET /api/links (signed in)', path: '/api/links', headers: signedIn },
    { key: 'analytics', name: 'GET /api/analytics (signed in)', path: '/api/analytics', headers: signedIn },
    {
      key: 'login',
      name: 'POST /api/auth/login (argon2)',
      method: 'POST',
      path: '/api/auth/login',
      headers: json,
      rotate: { bodies: accounts.map(({ email }) => JSON.stringify({ email, password: PASSWORD })) },
    },
  ];
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * One row per path from its rounds: req/s, ratio (each round's req/s ÷ that round's baseline) and latencies as
 * the median over the rounds; answers, errors and what was sent added up; each round kept under `rounds`.
 */
export function combineRounds(rounds) {
  const sum = (pick) => rounds.reduce((total, r) => total + pick(r), 0);
  const statusCodes = {};
  for (const r of rounds)
    for (const [code, n] of Object.entries(r.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + n;
  const [first] = rounds;
  const latency = Object.fromEntries(
    Object.keys(first.latency).map((k) => [k, median(rounds.map((r) => r.latency[k]))]),
  );
  const catchUp = rounds.filter((r) => r.workerCatchUpMs !== undefined).map((r) => r.workerCatchUpMs);
  return {
    key: first.key,
    name: first.name,
    path: first.path,
    method: first.method,
    connections: first.connections,
    success: first.success,
    seconds: Math.round(sum((r) => r.seconds) * 100) / 100,
    rps: median(rounds.map((r) => r.rps)),
    ratio: Math.round(median(rounds.map((r) => r.ratio)) * 1000) / 1000,
    latency,
    answered: sum((r) => r.answered),
    ok: sum((r) => r.ok),
    failed: sum((r) => r.failed),
    statusCodes,
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    sent: sum((r) => r.sent),
    unanswered: sum((r) => r.unanswered),
    ...(catchUp.length ? { workerCatchUpMs: Math.max(...catchUp) } : {}),
    rounds: rounds.map((r) => ({
      rps: r.rps,
      ratio: Math.round(r.ratio * 1000) / 1000,
      seconds: r.seconds,
      latency: r.latency,
      ok: r.ok,
      failed: r.failed,
      errors: r.errors,
      timeouts: r.timeouts,
      unanswered: r.unanswered,
      ...(r.workerCatchUpMs === undefined ? {} : { workerCatchUpMs: r.workerCatchUpMs }),
    })),
  };
}

/**
 * A warm-up pass over the product's paths (so the figures are not those of cold code and empty pools), then
 * `options.rounds` measured passes, the baseline first in each (the machine is shared: a path is compared with
 * the bare server of its own round), waiting after each counting path until the worker has counted it (so the
 * next path is not measured beside its backlog), then the check of the creator's totals. Fills results.paths
 * (one row per path over its rounds) and results.exactness; returns the totals as counted.
 */
export async function measurePaths({ paths, load, creator, options, results, log }) {
  // Every served person's page and profile call is one view, every redirect and click call one click (the
  // seeding counted none). A request sent but never answered may have been counted or not.
  const expected = { views: 0, clicks: 0 };
  const unanswered = { views: 0, clicks: 0 };
  const tally = (spec, row) => {
    if (!spec.counts) return;
    expected[spec.counts] += row.ok;
    unanswered[spec.counts] += row.unanswered;
  };
  const caughtUp = () =>
    settleCounts(creator.client, expected, { stableMs: 5000, maxMs: 60_000, confirmMs: 0, slack: unanswered });

  log(`Warm-up: ${options.warmup} s per product path…`);
  for (const spec of paths.slice(1)) tally(spec, await load(spec, options.warmup, true));
  await caughtUp();

  log(
    `Load: ${options.rounds} round${options.rounds === 1 ? '' : 's'} of ${options.duration} s per path, ${options.connections} connections, pipelining 1.`,
  );
  const byPath = paths.map(() => []);
  for (let round = 1; round <= options.rounds; round += 1) {
    if (options.rounds > 1) log(`Round ${round} of ${options.rounds}:`);
    let baselineRps = null;
    for (const [i, spec] of paths.entries()) {
      const row = await load(spec, options.duration);
      baselineRps ??= row.rps;
      row.ratio = row.rps / baselineRps;
      byPath[i].push(row);
      tally(spec, row);
      if (spec.counts) {
        const caught = await caughtUp();
        row.workerCatchUpMs = caught.waitedMs;
        log(`  counted by the worker when read ${caught.waitedMs} ms after the load ended (${caught.ended}).`);
      }
    }
  }
  results.paths = byPath.map(combineRounds);

  log(`Checking that the worker counted ${number(expected.views)} views and ${number(expected.clicks)} clicks…`);
  const counted = await settleCounts(creator.client, expected, { slack: unanswered });
  results.exactness = {
    views: countLine('views', expected.views, unanswered.views, counted.views).value,
    clicks: countLine('clicks', expected.clicks, unanswered.clicks, counted.clicks).value,
    seedingCounted: 0,
    waitedSeconds: Math.round(counted.waitedMs / 100) / 10,
    ended: counted.ended,
  };
  return { views: counted.views, clicks: counted.clicks };
}
