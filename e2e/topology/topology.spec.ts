import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { newCreator, signUp, type Creator } from '../support/product';
import { png, uploadInDialog } from '../support/uploads';

/*
 * The deployed topology (docker/compose.yaml), started by scripts/topology.mjs: nginx with TLS in front of
 * two APIs, two workers, one PostgreSQL database, one Redis, an S3 store behind the same origin. Everything
 * here goes through the proxy, as visitors and creators do; the APIs' own metrics ports tell which of them
 * answered, and their own ports show what they share.
 */

const required = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run these specs with scripts/topology.mjs`);
  return value;
};
const BASE_URL = required('E2E_BASE_URL');
const HTTP_URL = required('TOPOLOGY_HTTP_URL');
const API_URLS = required('TOPOLOGY_API_URLS').split(',');
const METRICS_URLS = required('TOPOLOGY_METRICS_URLS').split(',');
const S3_URL = required('TOPOLOGY_S3_URL');
const PRODUCT_ENV = JSON.parse(required('TOPOLOGY_PRODUCT_ENV')) as Record<string, string>;
const CHILDREN_DIR = required('TOPOLOGY_CHILDREN_DIR');
const OPERATOR = { user: required('E2E_OPERATOR_USER'), password: required('E2E_OPERATOR_PASSWORD') };

const PHONE_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
const CLICKS = 7;

/** Requests each API has answered so far, by its Prometheus counter (its own metrics port, not the proxy). */
async function answeredByEachApi(): Promise<number[]> {
  return Promise.all(
    METRICS_URLS.map(async (url) => {
      const text = await (await fetch(url)).text();
      return text
        .split('\n')
        .filter((line) => line.startsWith('linkbio_http_request_duration_seconds_count'))
        .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
    }),
  );
}

/** `npm run ops -- payouts:run`, as an operator runs it; its id is left where the test's clean-up finds it. */
function runPayouts() {
  const run = promisify(execFile)(
    process.execPath,
    [resolve(import.meta.dirname, '../../backend/dist/ops.main.js'), 'payouts:run'],
    {
      env: PRODUCT_ENV,
      timeout: 60_000,
    },
  );
  writeFileSync(join(CHILDREN_DIR, String(run.child.pid)), '');
  return run;
}

test.describe.configure({ mode: 'serial' });

let creator: Creator;
let context: BrowserContext;
let page: Page;
let visitor: BrowserContext;

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  creator = newCreator('topo');
  context = await browser.newContext({ baseURL: BASE_URL });
  page = await context.newPage();
  visitor = await browser.newContext({ baseURL: BASE_URL, userAgent: PHONE_CHROME });
});

test.afterAll(async () => {
  await context?.close();
  await visitor?.close();
});

test('plain HTTP is sent to HTTPS, and the proxy does not hand out the metrics', async ({ request }) => {
  const plain = await request.get(`${HTTP_URL}/dashboard?tab=links`, { maxRedirects: 0 });
  expect(plain.status()).toBe(301);
  expect(plain.headers().location).toBe(`${BASE_URL}/dashboard?tab=links`);
  // With METRICS_PORT set, /metrics lives on its own port only.
  expect((await request.get(`${BASE_URL}/metrics`)).status()).toBe(404);
});

test('a creator signs up through the proxy and the session holds on both APIs', async () => {
  await signUp(page, creator);
  const cookie = (await context.cookies()).find((c) => c.httpOnly);
  // Secure: the API saw https through X-Forwarded-Proto, which it trusts from the proxy (TRUST_PROXY).
  expect(cookie?.secure).toBe(true);

  const before = await answeredByEachApi();
  for (let i = 0; i < 8; i += 1) {
    const me = await page.request.get('/api/auth/me');
    expect(me.status()).toBe(200);
    expect(((await me.json()) as { username: string }).username).toBe(creator.username);
  }
  const after = await answeredByEachApi();
  const answered = after.map((count, i) => count - before[i]!);
  expect(
    answered.every((n) => n >= 2),
    `requests answered by each API: ${answered.join(', ')}`,
  ).toBe(true);
});

test('a profile picture is uploaded into the bucket through the proxy and shows on the bio page', async () => {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Upload picture' }).click();
  await uploadInDialog(page, 'avatar.png', png(64, 64, [37, 99, 235]));
  await expect(page.getByText('Profile picture updated').first()).toBeVisible();

  const me = (await (await page.request.get('/api/auth/me')).json()) as { avatar: string };
  const key = /^users\/[0-9a-f-]+\/[0-9a-f-]+\.png$/;
  expect(me.avatar.startsWith(`${BASE_URL}/linkbio.media/`)).toBe(true);
  const objectKey = me.avatar.slice(`${BASE_URL}/linkbio.media/`.length);
  expect(objectKey).toMatch(key);
  // In the store itself, asked directly.
  const stored = await fetch(`${S3_URL}/${objectKey}`);
  expect(stored.status).toBe(200);
  expect(stored.headers.get('content-type')).toBe('image/png');

  const bio = await visitor.newPage();
  await bio.goto(`/${creator.username}`);
  const avatar = bio.locator('img.avatar');
  await expect(avatar).toHaveAttribute('src', me.avatar);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
  await bio.close();
});

test(`${CLICKS} clicks through the proxy are counted exactly ${CLICKS} times`, async () => {
  const created = await page.request.post('/api/links', {
    data: { title: 'Newsletter', url: `${BASE_URL}/?from=bio`, order: 0 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const clicks = async () =>
    ((await (await page.request.get('/api/analytics')).json()) as { totalClicks: number }).totalClicks;
  expect(await clicks()).toBe(0);

  const tab = await visitor.newPage();
  for (let i = 0; i < CLICKS; i += 1) {
    const answer = await tab.request.get(`/go/${id}`, { maxRedirects: 0 });
    expect(answer.status()).toBe(302);
  }
  await tab.close();
  // Two workers take the click events from one queue: each is counted once, by one of them.
  await expect.poll(clicks, { timeout: 20_000 }).toBe(CLICKS);
  await new Promise((r) => setTimeout(r, 2_000));
  expect(await clicks()).toBe(CLICKS);
});

test('the weekly payout run, twice at once and once more, makes one payout for the creator', async () => {
  const booking = await page.request.put('/api/users/booking-settings', {
    data: { enableBooking: true, bookingPrice: '45' },
  });
  expect(booking.status(), await booking.text()).toBe(200);
  const booked = await visitor.request.post(`/api/users/${creator.username}/book`, {
    data: { customerName: 'Sam Rivera', customerEmail: 'sam@example.com' },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { clientSecret } = (await booked.json()) as { clientSecret: string };
  const paid = await visitor.request.post('/api/payments/local/confirm', {
    data: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Sam Rivera' },
  });
  expect(paid.status(), await paid.text()).toBe(200);

  // The earnings were made last week: the run pays weeks that have ended.
  const db = new pg.Client({ connectionString: PRODUCT_ENV.DATABASE_URL });
  await db.connect();
  try {
    const moved = await db.query(
      `update ledger_entries set created_at = created_at - interval '7 days'
        where creator_id = (select id from users where username = $1)`,
      [creator.username],
    );
    expect(moved.rowCount).toBe(1);
  } finally {
    await db.end();
  }

  await Promise.all([runPayouts(), runPayouts()]);
  await runPayouts();

  const mine = (await (await page.request.get('/api/payouts')).json()) as {
    payouts: { week: string; amount: number }[];
  };
  expect(mine.payouts).toEqual([expect.objectContaining({ amount: 4500 })]);
  const admin = await page.request.get(`/api/admin/payouts?week=${mine.payouts[0]!.week}`, {
    headers: { Authorization: `Basic ${Buffer.from(`${OPERATOR.user}:${OPERATOR.password}`).toString('base64')}` },
  });
  expect(admin.status()).toBe(200);
  const ofCreator = ((await admin.json()) as { payouts: { username: string }[] }).payouts.filter(
    (p) => p.username === creator.username,
  );
  expect(ofCreator).toHaveLength(1);
});

test('a sign-in limit reached through the proxy holds on both APIs', async ({ playwright }) => {
  const attempt = (api: APIRequestContext) =>
    api.post('/api/auth/login', { data: { email: creator.email, password: 'not the password' } });
  const proxy = await playwright.request.newContext({ baseURL: BASE_URL, ignoreHTTPSErrors: true });
  const before = await answeredByEachApi();
  // Ten wrong passwords per address are allowed, spread over both APIs by the proxy; the eleventh is held.
  for (let i = 0; i < 10; i += 1) expect((await attempt(proxy)).status()).toBe(401);
  const spread = (await answeredByEachApi()).map((count, i) => count - before[i]!);
  expect(
    spread.every((n) => n >= 3),
    `attempts answered by each API: ${spread.join(', ')}`,
  ).toBe(true);
  const held = await attempt(proxy);
  expect(held.status()).toBe(429);
  await proxy.dispose();
  // Asked directly, each API holds the address too: the count lives in Redis, not in one process.
  for (const url of API_URLS) {
    const direct = await playwright.request.newContext({ baseURL: url });
    expect((await attempt(direct)).status(), url).toBe(429);
    await direct.dispose();
  }
});
