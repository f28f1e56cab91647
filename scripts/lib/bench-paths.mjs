// The hot paths `npm run bench` loads one after another, and the check that the views and clicks they made were
// each counted once by the worker.
import { ACCEPT_ENCODING, GOOGLEBOT, PASSWORD, PHONE_BROWSER, nextAddress, settleCounts } from './bench-api.mjs';
import { countLine, number } from './bench-report.mjs';

/** What a phone's browser sends with every request. */
export const BROWSER = { 'User-Agent': PHONE_BROWSER, 'Accept-Encoding': ACCEPT_ENCODING };

/** Each sign-in as if from an address of its own (the per-address limit), rotating over the accounts. */
function signInRequests(accounts) {
  let n = 0;
  return (request) => {
    const account = accounts[n++ % accounts.length];
    return {
      ...request,
      headers: { ...request.headers, 'X-Forwarded-For': nextAddress() },
      body: JSON.stringify({ email: account.email, password: PASSWORD }),
    };
  };
}

/** Spreads the requests over the creator's links. */
function overLinks(linkIds, toPath) {
  let n = 0;
  return (request) => ({ ...request, path: toPath(linkIds[n++ % linkIds.length]) });
}

/**
 * The baseline first, then the product's paths. `counts` says what each served answer adds to the creator's
 * totals; `success` is the answer a path owes (the redirect for /go).
 */
export function productPaths({ creator, accounts, baselineUrl }) {
  const signedIn = { ...BROWSER, Cookie: creator.client.cookie };
  const json = { ...BROWSER, 'Content-Type': 'application/json' };
  const bio = `/${creator.username}`;
  const [firstLink] = creator.linkIds;
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
      setupRequest: overLinks(creator.linkIds, (id) => `/go/${id}`),
    },
    {
      key: 'click',
      name: 'POST /api/links/{id}/click',
      method: 'POST',
      path: `/api/links/${firstLink}/click`,
      headers: json,
      body: '{}',
      counts: 'clicks',
      setupRequest: overLinks(creator.linkIds, (id) => `/api/links/${id}/click`),
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
      setupRequest: signInRequests(accounts),
    },
  ];
}

/**
 * A warm-up pass over the product's paths (so the figures are not those of cold code and empty pools), then the
 * measured pass, waiting after each counting path until the worker has counted it (so the next path is not
 * measured beside its backlog), then the check of the creator's totals. Fills results.paths and
 * results.exactness; returns the totals as counted.
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
  const caughtUp = () => settleCounts(creator.client, expected, { stableMs: 5000, maxMs: 60_000, confirmMs: 0 });

  log(`Warm-up: ${options.warmup} s per product path…`);
  for (const spec of paths.slice(1)) tally(spec, await load(spec, options.warmup, true));
  await caughtUp();

  log(`Load: ${options.duration} s per path, ${options.connections} connections, pipelining 1.`);
  results.paths = [];
  for (const spec of paths) {
    const row = await load(spec, options.duration);
    results.paths.push(row);
    tally(spec, row);
    if (spec.counts) {
      const caught = await caughtUp();
      row.workerCatchUpMs = caught.waitedMs;
      log(`  counted by the worker when read ${caught.waitedMs} ms after the load ended (${caught.ended}).`);
    }
  }

  log(`Checking that the worker counted ${number(expected.views)} views and ${number(expected.clicks)} clicks…`);
  const counted = await settleCounts(creator.client, expected);
  results.exactness = {
    views: countLine('views', expected.views, unanswered.views, counted.views).value,
    clicks: countLine('clicks', expected.clicks, unanswered.clicks, counted.clicks).value,
    seedingCounted: 0,
    waitedSeconds: Math.round(counted.waitedMs / 100) / 10,
    ended: counted.ended,
  };
  return { views: counted.views, clicks: counted.clicks };
}
