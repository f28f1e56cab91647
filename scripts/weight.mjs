// `npm run weight`: what a phone downloads for a bio page, and for the landing page '/' as a visitor who is
// not signed in gets it, as Chromium measures it (bytes on the wire, compressed), for HTML, CSS and
// JavaScript. A benchmark that prints figures; it asserts nothing.
//
//   npm run build && npm run weight                       starts the product itself (scripts/start.mjs, an
//                                                         embedded PostgreSQL in a temporary DATA_DIR, a free
//                                                         PORT), creates a creator, measures, stops
//   E2E_BASE_URL=http://localhost:3000 npm run weight     measures a product that is already running (creates
//                                                         a creator with a few links through its API)
//   WEIGHT_PATH=/someone E2E_BASE_URL=… npm run weight    measures that page instead, creating nothing
//
// Chromium is Debian's /usr/bin/chromium (CHROMIUM_PATH to change it).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT } from './lib/env.mjs';
import { freePort, waitForHttp } from './lib/ports.mjs';
import { stopChild } from './lib/processes.mjs';

const BUDGET_BYTES = 20 * 1024;
const PHONE = { width: 390, height: 844 };
const PHONE_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
const log = (message) => console.log(`[weight] ${message}`);

/** Starts the product as `npm start` does (after a build), on a throw-away data folder and a free port. */
async function startProduct() {
  const dataDir = await mkdtemp(join(tmpdir(), 'linkbio-weight-'));
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '', // empty, so neither the environment nor .env points it at a real database: embedded
    REDIS_KEY_PREFIX: `linkbio-weight-${Date.now()}:`,
  };
  delete env.REDIS_URL;
  log(`Starting the product on port ${port} with its data in ${dataDir}…`);
  const child = spawn(process.execPath, [resolve(ROOT, 'scripts/start.mjs')], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => (output = (output + chunk.toString()).slice(-8000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const stop = async () => {
    await stopChild(child, 20_000);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHttp(`http://127.0.0.1:${port}/api/health`, 120_000);
  } catch (error) {
    await stop();
    throw new Error(`The product did not start (${error.message}). Did you run \`npm run build\`?\n${output}`, {
      cause: error,
    });
  }
  return { baseUrl: `http://localhost:${port}`, stop };
}

/** A real 1×1 PNG: the server makes each thumbnail of it (an 88 px WebP). */
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/**
 * A creator such as the free plan allows: five links (one an embed) and a header, a bio, booking on, two
 * products, tips and the subscribe block. Returns their page's path.
 */
async function createCreator(baseUrl) {
  const username = `weight-${Date.now().toString(36)}`;
  let cookie = '';
  const call = async (method, path, body) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify(body),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) cookie = setCookie.split(';')[0];
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };
  await call('POST', '/api/auth/register', {
    username,
    email: `${username}@example.com`,
    password: 'weight-benchmark',
    confirmPassword: 'weight-benchmark',
    displayName: 'Maya Chen',
    bio: 'Designer, runner and coffee nerd. New videos every Friday, shop picks every month.',
  });
  const links = [
    ['Shop my favourites', 'https://maya.store/picks'],
    ['LinkedIn', 'https://www.linkedin.com/in/maya'],
    ['Portfolio', 'https://maya.example.com'],
    ['Latest video', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'embed'],
    ['Instagram', 'https://instagram.com/maya'],
    ['Watch and shop', undefined, 'header'],
  ];
  const added = [];
  for (const [title, url, kind] of links) added.push(await call('POST', '/api/links', { kind, title, url, order: 0 }));
  // Two links with a thumbnail (issue 26), uploaded as the dashboard does: an upload URL, the bytes, the choice.
  for (const link of added.filter((block) => block.kind === 'link').slice(0, 2)) {
    const { uploadURL } = await call('POST', '/api/objects/upload', { contentType: 'image/png', size: PIXEL_PNG.length });
    const put = await fetch(new URL(uploadURL, baseUrl), { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: PIXEL_PNG });
    if (!put.ok) throw new Error(`The thumbnail's upload answered ${put.status}`);
    await call('PUT', `/api/links/${link.id}/thumbnail`, { thumbnailURL: uploadURL });
  }
  await call('PUT', '/api/users/booking-settings', { enableBooking: true, bookingPrice: '45' });
  // A dozen social icons (issue 26), the most the page shows, with the heaviest marks.
  const socials = ['instagram', 'tiktok', 'youtube', 'x', 'threads', 'linkedin', 'github', 'soundcloud', 'mastodon', 'snapchat', 'whatsapp', 'discord'];
  await call('PUT', '/api/users/socials', {
    socials: socials.map((platform) => ({ platform, url: platform === 'mastodon' ? 'https://mastodon.social/@maya' : platform === 'linkedin' ? 'https://linkedin.com/in/maya' : platform === 'whatsapp' ? 'https://wa.me/15551234567' : platform === 'discord' ? 'https://discord.gg/maya' : '@maya' })),
  });
  // Selling from the page (issue 27): two products with covers (a fixed price, pay what you want), the
  // 'Support me' block and the e-mail list's subscribe block.
  const covers = [];
  for (let i = 0; i < 2; i += 1) {
    const { uploadURL } = await call('POST', '/api/objects/upload', { contentType: 'image/png', size: PIXEL_PNG.length });
    const put = await fetch(new URL(uploadURL, baseUrl), { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: PIXEL_PNG });
    if (!put.ok) throw new Error(`The cover's upload answered ${put.status}`);
    covers.push(uploadURL);
  }
  await call('POST', '/api/products', { title: 'Lightroom presets', priceCents: 1500, coverURL: covers[0], privateUrl: 'https://maya.example.com/presets' });
  await call('POST', '/api/products', { title: 'Running plan', minPriceCents: 500, coverURL: covers[1], privateUrl: 'https://maya.example.com/plan' });
  await call('PUT', '/api/tips/settings', { enabled: true, presets: [300, 500, 1000], message: 'Buy me a coffee' });
  await call('PUT', '/api/subscribers/settings', { enabled: true });
  return `/${username}`;
}

const KIND = { Document: 'HTML', Stylesheet: 'CSS', Script: 'JS' };

/** Loads `url` in a fresh phone-sized tab with the cache off; per request: type, bytes on the wire, body. */
async function measure(browser, url, javaScriptEnabled = true) {
  const context = await browser.newContext({ viewport: PHONE, userAgent: PHONE_CHROME, javaScriptEnabled });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const requests = new Map();
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    requests.set(requestId, {
      url: response.url,
      type,
      status: response.status,
      encoding: response.headers['content-encoding'] ?? response.headers['Content-Encoding'] ?? '',
      headerBytes: response.encodedDataLength,
      decoded: 0,
      transferred: 0,
    });
  });
  cdp.on('Network.dataReceived', ({ requestId, dataLength }) => {
    const entry = requests.get(requestId);
    if (entry) entry.decoded += dataLength;
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const entry = requests.get(requestId);
    if (entry) entry.transferred = encodedDataLength;
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.goto(url, { waitUntil: 'networkidle' });
  await context.close();
  return [...requests.values()].filter((entry) => !entry.url.startsWith('data:'));
}

const bytes = (n) => `${n.toLocaleString('en-US')} B`;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

function report(title, url, entries, { budget = true } = {}) {
  console.log(`\n${title}: ${url}`);
  console.log('  type   status  encoding  on the wire  (body)      decoded      url');
  for (const e of entries) {
    const kind = (KIND[e.type] ?? e.type).padEnd(6);
    const body = Math.max(0, e.transferred - e.headerBytes);
    console.log(
      `  ${kind} ${String(e.status).padEnd(7)} ${(e.encoding || '-').padEnd(9)} ${bytes(e.transferred).padStart(11)}  ${`(${bytes(body)})`.padEnd(11)} ${bytes(e.decoded).padStart(10)}   ${new URL(e.url).pathname}`,
    );
  }
  const counted = entries.filter((e) => KIND[e.type]);
  const sum = (kind, field) => counted.filter((e) => KIND[e.type] === kind).reduce((total, e) => total + e[field], 0);
  const total = counted.reduce((t, e) => t + e.transferred, 0);
  const totalBody = counted.reduce((t, e) => t + Math.max(0, e.transferred - e.headerBytes), 0);
  for (const kind of ['HTML', 'CSS', 'JS']) {
    console.log(
      `  ${kind.padEnd(5)} ${bytes(sum(kind, 'transferred')).padStart(11)} on the wire, ${bytes(sum(kind, 'decoded')).padStart(10)} decoded`,
    );
  }
  const verdict = budget ? ` — budget ${kb(BUDGET_BYTES)}: ${total <= BUDGET_BYTES ? 'within' : 'OVER'}` : '';
  console.log(
    `  HTML + CSS + JS: ${bytes(total)} on the wire (${kb(total)}; ${bytes(totalBody)} of compressed bodies)${verdict}`,
  );
}

async function main() {
  let product = null;
  let browser = null;
  try {
    let baseUrl = process.env.E2E_BASE_URL?.replace(/\/$/, '');
    if (!baseUrl) {
      product = await startProduct();
      baseUrl = product.baseUrl;
    }
    const path = process.env.WEIGHT_PATH ?? (await createCreator(baseUrl));
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    log(`Chromium ${browser.version()}, ${PHONE.width}×${PHONE.height}, cache off.`);
    report('Bio page', `${baseUrl}${path}`, await measure(browser, `${baseUrl}${path}`));
    report(
      'Bio page after a booking',
      `${baseUrl}${path}?booked=true`,
      await measure(browser, `${baseUrl}${path}?booked=true`),
    );
    if (!process.env.WEIGHT_PATH) {
      const booking = `${baseUrl}/book${path}`;
      report(
        'Booking page (hydrates with React; outside the bio page budget)',
        booking,
        await measure(browser, booking),
        { budget: false },
      );
      report('Landing page, signed out', `${baseUrl}/`, await measure(browser, `${baseUrl}/`));
    }
  } finally {
    await browser?.close();
    if (product) {
      log('Stopping the product…');
      await product.stop();
    }
  }
}

main().catch((error) => {
  console.error(`[weight] ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
