// The product's HTTP API as `npm run bench` uses it to seed: creators signed up and given links through the
// same calls the dashboard makes, the raw bytes of a bio page, and the creator's own view and click totals.
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export const PHONE_BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
export const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
export const PASSWORD = 'bench-password-1';
/** What a browser asks for; the bio page answers compressed. */
export const ACCEPT_ENCODING = 'gzip, br';

let addresses = 0;
/**
 * A client address of its own for each rate-limited call (sign-up 10 an hour and sign-in 30 per 15 minutes
 * per address): 10.x.y.z, never repeated in a run. It only fills X-Forwarded-For; requests go to 127.0.0.1.
 */
export function nextAddress() {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

/** Sets `count` addresses aside (numbers `first` to `first + count - 1`, as nextAddress would give them) for a
 * load generator that makes them itself; returns `first`. */
export function reserveAddresses(count) {
  const first = addresses + 1;
  addresses += count;
  return first;
}

/** One browser's calls: JSON in and out, the session cookie kept, no Origin header (a same-site call). */
export class ApiClient {
  constructor(baseUrl) {
    this.baseUrl = baseUrl;
    this.cookie = '';
  }

  async call(method, path, body) {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': PHONE_BROWSER,
        'X-Forwarded-For': nextAddress(),
        ...(this.cookie ? { Cookie: this.cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0];
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  }
}

const LINKS = [
  ['Shop my favourites', 'https://maya.store/picks'],
  ['LinkedIn', 'https://www.linkedin.com/in/maya'],
  ['Portfolio', 'https://maya.example.com'],
  ['Latest video', 'https://www.youtube.com/@maya'],
  ['Instagram', 'https://instagram.com/maya'],
];

/** Signs a creator up (signed in afterwards) with `links` of the five links above and booking on if asked. */
export async function createCreator(baseUrl, { username, links = 0, booking = false }) {
  const client = new ApiClient(baseUrl);
  const email = `${username}@example.com`;
  const user = await client.call('POST', '/api/auth/register', {
    username,
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    displayName: 'Maya Chen',
    bio: 'Designer, runner and coffee nerd. New videos every Friday, shop picks every month.',
  });
  const linkIds = [];
  for (const [title, url] of LINKS.slice(0, links))
    linkIds.push((await client.call('POST', '/api/links', { title, url })).id);
  if (booking) await client.call('PUT', '/api/users/booking-settings', { enableBooking: true, bookingPrice: '25.00' });
  return { client, id: user.id, username, email, linkIds };
}

/** GET `path` as a browser with `userAgent` would, keeping the body's bytes exactly as they came (compressed). */
export function rawGet(baseUrl, path, { userAgent = PHONE_BROWSER, cookie = '' } = {}) {
  return new Promise((resolve, reject) => {
    const headers = {
      'User-Agent': userAgent,
      'Accept-Encoding': ACCEPT_ENCODING,
      ...(cookie ? { Cookie: cookie } : {}),
    };
    const request = httpRequest(`${baseUrl}${path}`, { headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

/** The body of a rawGet answer as the browser reads it (decompressed). */
export function decodedBody(page) {
  const encoding = page.headers['content-encoding'];
  return encoding === 'br' ? brotliDecompressSync(page.body) : encoding === 'gzip' ? gunzipSync(page.body) : page.body;
}

/**
 * Reads the creator's totals (GET /api/analytics) until they have equalled `expected` for `confirmMs` (so a
 * late double count is still seen), or have not changed for `stableMs`, or `maxMs` passed: the worker counts
 * views and clicks a little after they happen. `slack` widens what is equal: requests sent but never answered
 * (wrk stops with one in flight on a connection) may have been counted or not.
 */
export async function settleCounts(
  client,
  expected,
  { stableMs = 15_000, maxMs = 120_000, confirmMs = 2000, slack = { views: 0, clicks: 0 } } = {},
) {
  const start = Date.now();
  let last = null;
  let lastChange = start;
  for (;;) {
    const { totalViews: views, totalClicks: clicks } = await client.call('GET', '/api/analytics');
    const now = Date.now();
    if (!last || last.views !== views || last.clicks !== clicks) lastChange = now;
    last = { views, clicks };
    const within = (counted, key) => counted >= expected[key] && counted <= expected[key] + (slack[key] ?? 0);
    const equal = within(views, 'views') && within(clicks, 'clicks');
    const ended = equal
      ? now - lastChange >= confirmMs
        ? views === expected.views && clicks === expected.clicks
          ? 'equal'
          : 'equal, counting some unanswered'
        : null
      : now - lastChange >= stableMs
        ? 'stopped changing'
        : null;
    if (ended || now - start >= maxMs) return { views, clicks, waitedMs: now - start, ended: ended ?? 'time limit' };
    await new Promise((r) => setTimeout(r, 250));
  }
}
