import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { Messages, type AnalyticsView, type LinkView } from '@linkbio/shared-contracts';
import { agent, analyticsSettled, Database, signedInCreator, startApp, startWorker, unique, type Agent } from './support/harness.js';

/*
 * The visitors' pages over HTTP, server-rendered by public-app's build (run `npm run build` first; `npm test`
 * does): /{username}, /book/{username} and /go/{linkId}, on real PostgreSQL and Redis. Counts are read from
 * each creator's own analytics, so this file shares the run's database with the specs beside it.
 */

const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const BOTS = [
  'Googlebot/2.1 (+http://www.google.com/bot.html)',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'Twitterbot/1.0',
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  'WhatsApp/2.23.20.0',
];
const KB = 1024;
const SERVER_ENTRY = fileURLToPath(new URL('../../public-app/dist/server/entry-server.js', import.meta.url));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every `<a …>` of the page's link list, in document order, with its href, target and rel. */
function linkButtons(html: string) {
  return [
    ...html.matchAll(
      /<a class="btn-link k-(\w+)" href="([^"]+)" target="([^"]+)" rel="([^"]+)"[^>]*>.*?<span class="title">([^<]*)<\/span>/g,
    ),
  ].map(([, kind, href, target, rel, title]) => ({ kind, href, target, rel, title }));
}

const meta = (html: string, attribute: 'name' | 'property', key: string): string | null =>
  html.match(new RegExp(`<meta ${attribute}="${key.replace(':', '\\:')}" content="([^"]*)"/>`))?.[1] ?? null;

describe('public pages over HTTP', () => {
  let app: INestApplication;
  let worker: INestApplicationContext;
  let db: Database;

  beforeAll(async () => {
    if (!existsSync(SERVER_ENTRY))
      throw new Error(`No public app build at ${SERVER_ENTRY}: run \`npm run build\` first.`);
    app = await startApp();
    worker = await startWorker();
    db = new Database();
  });

  afterAll(async () => {
    await db.close();
    await worker.close();
    await app.close();
  });

  const visitor = (userAgent = BROWSER) => agent(app).set('User-Agent', userAgent);

  async function addLink(
    client: Agent,
    title: string,
    url = `https://example.com/${encodeURIComponent(title)}`,
  ): Promise<LinkView> {
    const response = await client.post('/api/links').send({ title, url, order: 0 }).expect(201);
    await sleep(5); // "newest first" among equal orders
    return response.body as LinkView;
  }

  async function page(path: string, client: Agent = visitor(), status = 200): Promise<string> {
    const response = await client.get(path).expect(status);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    return response.text;
  }

  /** The creator's analytics once the worker has counted every view and click so far. */
  async function analytics(client: Agent): Promise<AnalyticsView> {
    await analyticsSettled(app);
    return (await client.get('/api/analytics').expect(200)).body as AnalyticsView;
  }

  describe('the bio page /{username}', () => {
    it('is one server-rendered HTML document with the creator and their active links, in order, and no script', async () => {
      const { client, details } = await signedInCreator(app, { displayName: 'Maya Chen', bio: 'Designer & runner' });
      const video = await addLink(client, 'Latest video', 'https://www.youtube.com/@maya');
      const hidden = await addLink(client, 'Old shop', 'https://maya.store/old');
      const insta = await addLink(client, 'Instagram', 'https://instagram.com/maya');
      const site = await addLink(client, 'Portfolio', 'https://maya.design');
      await client.put(`/api/links/${hidden.id}`).send({ isActive: false }).expect(200);

      const response = await visitor().get(`/${details.username}`).expect(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      const html = response.text;
      expect(html.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true);
      expect(html).toContain('<h1>Maya Chen</h1>');
      expect(html).toContain('<p class="bio">Designer &amp; runner</p>');
      expect(html).toContain(`@${details.username}`);
      expect(linkButtons(html)).toEqual([
        { kind: 'link', href: `/go/${site.id}`, target: '_blank', rel: 'noopener', title: 'Portfolio' },
        { kind: 'instagram', href: `/go/${insta.id}`, target: '_blank', rel: 'noopener', title: 'Instagram' },
        { kind: 'youtube', href: `/go/${video.id}`, target: '_blank', rel: 'noopener', title: 'Latest video' },
      ]);
      expect(html).not.toContain('Old shop');
      expect(html).not.toContain(hidden.id);
      // No framework JavaScript, no external stylesheet or font: the inline CSS is all there is.
      expect(html).not.toMatch(/<script/i);
      expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
      expect(html).not.toMatch(/@font-face|fonts\.googleapis/);
      expect(html).not.toContain('stripe');
      expect(html.match(/<style>/g)).toHaveLength(1);
      // The target urls are not in the page: every click goes through /go, which counts it.
      expect(html).not.toContain('https://instagram.com/maya');
      expect(html).not.toContain('No links available');
    });

    it('picks each link icon from the url host', async () => {
      const { client, details } = await signedInCreator(app);
      for (const [title, url] of [
        ['x', 'https://x.com/maya'],
        ['twitter', 'https://twitter.com/maya'],
        ['linkedin', 'https://www.linkedin.com/in/maya'],
        ['shop', 'https://shop.example.com'],
        ['store', 'https://maya-store.example'],
      ]) {
        await addLink(client, title!, url);
      }
      expect(linkButtons(await page(`/${details.username}`)).map(({ title, kind }) => [title, kind])).toEqual([
        ['store', 'shop'],
        ['shop', 'shop'],
        ['linkedin', 'linkedin'],
        ['twitter', 'twitter'],
        ['x', 'twitter'],
      ]);
    });

    it("says 'No links available' when no link is active", async () => {
      const { client, details } = await signedInCreator(app);
      expect(await page(`/${details.username}`)).toContain('<p class="empty">No links available</p>');
      const link = await addLink(client, 'Only');
      await client.put(`/api/links/${link.id}`).send({ isActive: false }).expect(200);
      const html = await page(`/${details.username}`);
      expect(html).toContain('No links available');
      expect(linkButtons(html)).toEqual([]);
    });

    it('shows the avatar with a fixed size, else the initial of the display name', async () => {
      const { details, user } = await signedInCreator(app, { displayName: 'émile Zola' });
      expect(await page(`/${details.username}`)).toContain(
        '<span class="avatar avatar-initial" aria-hidden="true">É</span>',
      );
      await db.query('update users set avatar = $2 where id = $1', [user.id, 'https://cdn.example.com/a/maya.jpg']);
      const html = await page(`/${details.username}`);
      expect(html).toMatch(
        /<img class="avatar" src="https:\/\/cdn\.example\.com\/a\/maya\.jpg" width="96" height="96" alt=""/,
      );
      expect(html).not.toContain('<span class="avatar avatar-initial"');
    });

    it('shows each theme: default, default with a colour, default with a photo under an overlay, vibrant, dark', async () => {
      const { client, details, user } = await signedInCreator(app);
      const body = async () => (await page(`/${details.username}`)).match(/<body[^>]*><div[^>]*>(?:<img[^>]*>)?/)?.[0];

      expect(await body()).toMatch(/^<body class="t-default">/);
      await client.put('/api/users/template').send({ theme: 'default', backgroundColor: '#F0FDF4' }).expect(200);
      expect(await body()).toMatch(
        /^<body class="t-default" style="background-color:#f0fdf4">.*<div class="screen" style="background:#f0fdf4">$/,
      );

      await db.query('update users set background_color = null, background_image = $2 where id = $1', [
        user.id,
        'https://cdn.example.com/bg.jpg',
      ]);
      const photo = await body();
      expect(photo).toMatch(/^<body class="t-default t-photo">/);
      expect(photo).toMatch(
        /<img class="bg-img" src="https:\/\/cdn\.example\.com\/bg\.jpg" alt="" width="1200" height="1600"/,
      );

      await client.put('/api/users/template').send({ theme: 'vibrant' }).expect(200);
      expect(await body()).toMatch(/^<body class="t-vibrant">.*<div class="screen">$/);
      await client.put('/api/users/template').send({ theme: 'dark' }).expect(200);
      expect(await body()).toMatch(/^<body class="t-dark">.*<div class="screen">$/);
    });

    it('uses a light-on-dark palette for a dark custom colour (premium), and shows only http(s) images', async () => {
      const { client, details, user } = await signedInCreator(app);
      await db.makePremium(user.id);
      await client.put('/api/users/template').send({ theme: 'default', backgroundColor: '#1e1b4b' }).expect(200);
      expect(await page(`/${details.username}`)).toMatch(
        /<body class="t-default t-ondark" style="background-color:#1e1b4b">/,
      );

      // The API and the database accept only #rrggbb colours and stored uploads; the page checks images again.
      await db.query('update users set background_color = null where id = $1', [user.id]);
      for (const image of [
        'javascript:alert(1)',
        'data:image/svg+xml,<svg onload=alert(1)>',
        'vbscript:x',
        'file:///etc/passwd',
      ]) {
        await db.query('update users set background_image = $2, avatar = $2 where id = $1', [user.id, image]);
        const html = await page(`/${details.username}`);
        expect(html).not.toContain('class="bg-img"');
        expect(html).not.toContain('<img');
        expect(html).not.toContain(image.slice(0, 8));
        expect(html).toContain('<span class="avatar avatar-initial"');
      }
    });

    it("shows 'Book a Session - $X.XX' only while booking is on with a price, linking to /book/{username}", async () => {
      const { client, details } = await signedInCreator(app);
      const button = async () =>
        (await page(`/${details.username}`))
          .match(/<a class="btn-book" href="([^"]+)">.*?<span>([^<]+)<\/span><\/a>/)
          ?.slice(1);
      expect(await button()).toBeUndefined();
      await client.put('/api/users/booking-settings').send({ enableBooking: true, bookingPrice: '25.5' }).expect(200);
      expect(await button()).toEqual([`/book/${details.username}`, 'Book a Session - $25.50']);
      await client.put('/api/users/booking-settings').send({ enableBooking: true, bookingPrice: '1234' }).expect(200);
      expect(await button()).toEqual([`/book/${details.username}`, 'Book a Session - $1234.00']);
      await client.put('/api/users/booking-settings').send({ enableBooking: false }).expect(200);
      expect(await button()).toBeUndefined();
    });

    it("carries a small 'Made with' link to the landing page for free creators, none for premium ones", async () => {
      const { details, user } = await signedInCreator(app);
      const free = await page(`/${details.username}`);
      expect(free).toMatch(
        /<footer class="foot"><a class="made" href="\/">.*Made with <strong>Linkbio<\/strong><\/span><\/a><\/footer>/,
      );
      expect(free).toContain(`<title>Creator ${details.username} | Linkbio</title>`);

      await db.makePremium(user.id);
      const premium = await page(`/${details.username}`);
      expect(premium).not.toContain('Made with');
      expect(premium).not.toContain('Linkbio');
      expect(premium).toContain(`<title>Creator ${details.username}</title>`);

      await db.makePremium(user.id, false);
      expect(await page(`/${details.username}`)).toContain('Made with');
    });

    it('describes the page for search and link previews: title, description, canonical, OpenGraph and Twitter tags', async () => {
      const { details, user } = await signedInCreator(app, {
        displayName: 'Maya Chen',
        bio: 'Designer, runner, coffee',
      });
      const html = await page(
        `/${details.username}`,
        visitor().set('Host', 'links.example').set('X-Forwarded-Proto', 'https'),
      );
      const url = `https://links.example/${details.username}`;
      expect(html).toContain('<title>Maya Chen | Linkbio</title>');
      expect(meta(html, 'name', 'description')).toBe('Designer, runner, coffee');
      expect(html).toContain(`<link rel="canonical" href="${url}"/>`);
      expect(meta(html, 'property', 'og:title')).toBe('Maya Chen');
      expect(meta(html, 'property', 'og:description')).toBe('Designer, runner, coffee');
      expect(meta(html, 'property', 'og:url')).toBe(url);
      expect(meta(html, 'property', 'og:type')).toBe('profile');
      expect(meta(html, 'property', 'og:image')).toBeNull();
      expect(meta(html, 'name', 'twitter:card')).toBe('summary');
      expect(meta(html, 'name', 'twitter:title')).toBe('Maya Chen');
      expect(meta(html, 'name', 'twitter:description')).toBe('Designer, runner, coffee');
      expect(meta(html, 'name', 'robots')).toBeNull();

      await db.query('update users set avatar = $2, bio = null where id = $1', [user.id, '/objects/avatars/maya.png']);
      const withAvatar = await page(
        `/${details.username}`,
        visitor().set('Host', 'links.example').set('X-Forwarded-Proto', 'https'),
      );
      expect(meta(withAvatar, 'property', 'og:image')).toBe('https://links.example/objects/avatars/maya.png');
      expect(meta(withAvatar, 'name', 'twitter:image')).toBe('https://links.example/objects/avatars/maya.png');
      expect(meta(withAvatar, 'name', 'description')).toBe('All of Maya Chen&#x27;s links in one place.');
      expect(meta(withAvatar, 'property', 'og:description')).toBe('All of Maya Chen&#x27;s links in one place.');
    });

    it('escapes everything the creator wrote', async () => {
      const attack = '<script>alert(1)</script>';
      const { client, details } = await signedInCreator(app, {
        displayName: attack,
        bio: '"><img src=x onerror=alert(2)>',
      });
      await addLink(client, '</a><script>alert(3)</script>');
      const html = await page(`/${details.username}`);
      expect(html).not.toMatch(/<script/i);
      expect(html).not.toContain('<img src=x');
      expect(html).toContain('<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>');
      expect(html).toContain('<title>&lt;script&gt;alert(1)&lt;/script&gt; | Linkbio</title>');
      expect(meta(html, 'property', 'og:title')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html).toContain('<p class="bio">&quot;&gt;&lt;img src=x onerror=alert(2)&gt;</p>');
      expect(html).toContain('<span class="title">&lt;/a&gt;&lt;script&gt;alert(3)&lt;/script&gt;</span>');
    });

    it("shows the dismissible 'Booking Confirmed!' banner after a booking (?booked=true), and only then", async () => {
      const { details } = await signedInCreator(app);
      const html = await page(`/${details.username}?booked=true`);
      expect(html).toMatch(
        /<i id="booked-dismissed"><\/i><div class="banner" role="status">.*<p class="banner-title">Booking Confirmed!<\/p><p>Your payment was successful\. You will receive a confirmation email shortly\.<\/p>.*<a class="banner-close" href="#booked-dismissed" aria-label="Dismiss"/,
      );
      for (const query of ['', '?booked=false', '?booked=1', '?other=true', '?booked=refunding']) {
        expect(await page(`/${details.username}${query}`)).not.toContain('Booking Confirmed!');
      }
      // A payment that came after the time was taken: the visitor is told it goes back in full.
      expect(await page(`/${details.username}?booked=refunding`)).toMatch(
        /<div class="banner" role="status">.*<p class="banner-title">This time was just taken<\/p><p>Someone else booked this time while you were paying\. Your payment is being refunded in full, and you will get an email when it is done\.<\/p>/,
      );
      for (const query of ['', '?booked=true', '?booked=refunding&booked=refunding', '?booked=REFUNDING']) {
        expect(await page(`/${details.username}${query}`)).not.toContain('This time was just taken');
      }
    });

    it('weighs well under 20 KB compressed with the free plan’s five links, a long bio and booking on', async () => {
      const { client, details } = await signedInCreator(app, { displayName: 'A'.repeat(50), bio: 'b'.repeat(160) });
      await client.put('/api/users/booking-settings').send({ enableBooking: true, bookingPrice: '99.99' }).expect(200);
      for (let i = 0; i < 5; i += 1)
        await addLink(client, `${'t'.repeat(90)}${i}`, `https://www.instagram.com/${'u'.repeat(200)}${i}`);
      const html = await page(`/${details.username}?booked=true`);
      expect(linkButtons(html)).toHaveLength(5);
      expect(gzipSync(html).length).toBeLessThan(20 * KB);

      // What actually goes over the wire, gzip-compressed by the server.
      const server = app.getHttpServer() as import('node:http').Server;
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = server.address() as AddressInfo;
        const raw = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
          const req = httpRequest(
            {
              host: '127.0.0.1',
              port,
              path: `/${details.username}?booked=true`,
              headers: { 'Accept-Encoding': 'gzip', 'User-Agent': BROWSER },
            },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (chunk: Buffer) => chunks.push(chunk));
              res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
            },
          );
          req.on('error', reject);
          req.end();
        });
        expect(raw.encoding).toBe('gzip');
        expect(raw.body.length).toBeLessThan(20 * KB);
        expect(gunzipSync(raw.body).toString('utf8')).toContain(details.username);
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    });

    it('shows a change on the very next request', async () => {
      const { client, details } = await signedInCreator(app);
      const first = await addLink(client, 'First');
      expect(linkButtons(await page(`/${details.username}`)).map((l) => l.title)).toEqual(['First']);
      await addLink(client, 'Second');
      expect(linkButtons(await page(`/${details.username}`)).map((l) => l.title)).toEqual(['Second', 'First']);
      await client.put(`/api/links/${first.id}`).send({ title: 'Renamed' }).expect(200);
      expect(linkButtons(await page(`/${details.username}`)).map((l) => l.title)).toEqual(['Second', 'Renamed']);
      await client.put('/api/users/template').send({ theme: 'dark' }).expect(200);
      expect(await page(`/${details.username}`)).toContain('<body class="t-dark">');
    });

    it('redirects another letter case to the lowercase address, keeping the query', async () => {
      const { details } = await signedInCreator(app);
      const response = await visitor().get(`/${details.username.toUpperCase()}?booked=true`).expect(301);
      expect(response.headers.location).toBe(`/${details.username}?booked=true`);
    });
  });

  describe('unknown creators', () => {
    it.each([['/nobody-has-this-name-42'], ['/book/nobody-has-this-name-42'], ['/book/a_b'], ['/book/admin']])(
      "answer %s with 404 and the 'User Not Found' card, kept out of search engines",
      async (path) => {
        const html = await page(path, visitor(), 404);
        expect(html).toContain('<h1>User Not Found</h1>');
        expect(html).toContain('<p>This bio page doesn&#x27;t exist or has been deactivated.</p>');
        expect(html).toContain('<a class="btn-primary" href="/auth">Create your own page</a>');
        expect(meta(html, 'name', 'robots')).toBe('noindex');
        expect(html).not.toMatch(/<script/i);
      },
    );

    it('leave the dashboard’s own routes and other paths alone', async () => {
      for (const path of ['/auth', '/dashboard', '/subscribe', '/admin', '/ab', '/a.b', '/no/such/page', '/go']) {
        const response = await visitor().get(path);
        expect(response.text).not.toContain('User Not Found');
        expect(response.text).not.toContain('Link Not Found');
      }
    });

    it("send '/book' without a username home", async () => {
      for (const path of ['/book', '/book/']) {
        expect((await visitor().get(path).expect(302)).headers.location).toBe('/');
      }
    });
  });

  describe('the booking page /book/{username}', () => {
    it('is server-rendered with step 1 and the hashed client script, served with a year-long cache', async () => {
      const { client, details } = await signedInCreator(app, { displayName: 'Maya Chen' });
      await client.put('/api/users/booking-settings').send({ enableBooking: true, bookingPrice: '45' }).expect(200);
      const html = await page(`/book/${details.username}`);
      expect(html).toContain('<h1>Book a Session</h1>');
      expect(html).toContain('with Maya Chen');
      expect(html).toMatch(/\$<!-- -->45\.00|\$45\.00/);
      expect(html).toContain('<h2 id="step-information" tabindex="-1">Your Information</h2>');
      for (const label of ['Full Name', 'Email Address', 'Phone Number (optional)', 'Message (optional)'])
        expect(html).toContain(`>${label}</label>`);
      expect(html).toMatch(
        /<button class="btn-primary btn-wide" type="submit" disabled="">Continue to Payment<\/button>/,
      );
      expect(html).toContain(`<a class="back" href="/${details.username}">`);
      expect(html).not.toContain('stripe');

      const script = html.match(/<script type="module" src="(\/p\/assets\/[\w-]+\.js)"><\/script>/)?.[1];
      expect(script).toBeDefined();
      const asset = await visitor().get(script!).expect(200);
      expect(asset.headers['content-type']).toMatch(/javascript/);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      await visitor().get('/p/assets/nothing-here.js').expect(404);
    });

    it('says bookings are closed, without the form, when booking is off', async () => {
      const { details } = await signedInCreator(app, { displayName: 'Maya Chen' });
      const html = await page(`/book/${details.username}`);
      expect(html).toContain('Bookings are closed');
      expect(html).toContain('Maya Chen isn&#x27;t taking bookings right now.');
      expect(html).not.toContain('Continue to Payment');
      expect(html).not.toMatch(/<script/i);
    });

    it('counts no page view', async () => {
      const { client, details } = await signedInCreator(app);
      await client.put('/api/users/booking-settings').send({ enableBooking: true, bookingPrice: '10' }).expect(200);
      await page(`/book/${details.username}`);
      expect((await analytics(client)).totalViews).toBe(0);
    });
  });

  describe('link clicks through /go/{linkId}', () => {
    it('count the click and redirect (302) to the link, not cached', async () => {
      const { client, details } = await signedInCreator(app);
      const link = await addLink(client, 'Shop', 'https://shop.example.com/a?b=c&d=e');
      const [button] = linkButtons(await page(`/${details.username}`));
      const response = await visitor()
        .get(button!.href)
        .set('Referer', `http://127.0.0.1/${details.username}`)
        .expect(302);
      expect(response.headers.location).toBe('https://shop.example.com/a?b=c&d=e');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(await analytics(client)).toMatchObject({ totalClicks: 1, totalViews: 1, clickRate: 100 });
      await visitor().get(`/go/${link.id.toUpperCase()}`).expect(302);
      await analyticsSettled(app);
      const links = (await client.get('/api/links').expect(200)).body as LinkView[];
      expect(links.find((l) => l.id === link.id)?.clicks).toBe(2);
    });

    it('redirect bots and HEAD requests without counting them', async () => {
      const { client } = await signedInCreator(app);
      const link = await addLink(client, 'Site');
      for (const bot of BOTS)
        expect((await visitor(bot).get(`/go/${link.id}`).expect(302)).headers.location).toBe(link.url);
      await visitor().head(`/go/${link.id}`).expect(302);
      expect((await analytics(client)).totalClicks).toBe(0);
    });

    it('answer 404 with a small page for inactive, deleted, unknown and malformed links', async () => {
      const { client } = await signedInCreator(app);
      const inactive = await addLink(client, 'Off');
      await client.put(`/api/links/${inactive.id}`).send({ isActive: false }).expect(200);
      const deleted = await addLink(client, 'Gone');
      await client.delete(`/api/links/${deleted.id}`).expect(200);
      for (const id of [
        inactive.id,
        deleted.id,
        '3f0c5a36-0a4d-4a45-9d4f-2f5a2c8f8e11',
        'not-an-id',
        "1'%20or%20'1'='1",
      ]) {
        const html = await page(`/go/${id}`, visitor(), 404);
        expect(html).toContain('<h1>Link Not Found</h1>');
        expect(meta(html, 'name', 'robots')).toBe('noindex');
      }
      // An encoded NUL is refused before any route, as in any text (well-formed-text.ts).
      const nul = await visitor().get('/go/%00').expect(400);
      expect(nul.body).toEqual({ statusCode: 400, message: Messages.nulCharacter });
      expect((await analytics(client)).totalClicks).toBe(0);
    });

    it('keep POST /api/links/{id}/click working as before', async () => {
      const { client } = await signedInCreator(app);
      const link = await addLink(client, 'Api');
      expect((await visitor().post(`/api/links/${link.id}/click`).expect(200)).body).toEqual({ url: link.url });
      expect((await analytics(client)).totalClicks).toBe(1);
    });
  });

  describe('page views', () => {
    it('counts one view per GET of a person, with or without ?booked=true', async () => {
      const { client, details } = await signedInCreator(app);
      await page(`/${details.username}`);
      expect((await analytics(client)).totalViews).toBe(1);
      const returning = visitor();
      await page(`/${details.username}`, returning);
      await page(`/${details.username}?booked=true`, returning);
      expect((await analytics(client)).totalViews).toBe(3);
    });

    it.each(BOTS)('serves the page to %j without counting a view', async (bot) => {
      const { client, details } = await signedInCreator(app, { displayName: 'Seen by bots' });
      expect(await page(`/${details.username}`, visitor(bot))).toContain('<h1>Seen by bots</h1>');
      expect((await analytics(client)).totalViews).toBe(0);
    });

    it('does not count the creator looking at their own page while signed in, but counts another creator', async () => {
      const { client, details } = await signedInCreator(app);
      await page(`/${details.username}`, client.set('User-Agent', BROWSER));
      expect((await analytics(client)).totalViews).toBe(0);
      const stranger = (await signedInCreator(app)).client.set('User-Agent', BROWSER);
      await page(`/${details.username}`, stranger);
      expect((await analytics(client)).totalViews).toBe(1);
    });

    it('does not count HEAD requests', async () => {
      const { client, details } = await signedInCreator(app);
      const head = await visitor().head(`/${details.username}`).expect(200);
      expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
      await visitor()
        .head(`/nobody-${unique('h')}`)
        .expect(404);
      expect((await analytics(client)).totalViews).toBe(0);
    });

    it('does not count a visit of an unknown page or a redirect to the lowercase address', async () => {
      const { client, details } = await signedInCreator(app);
      await visitor().get(`/${details.username.toUpperCase()}`).expect(301);
      expect((await analytics(client)).totalViews).toBe(0);
    });
  });
});

describe('public pages with PUBLIC_URL set', () => {
  let app: INestApplication;

  beforeAll(async () => {
    process.env.PUBLIC_URL = 'https://linkbio.example/';
    app = await startApp();
  });

  afterAll(async () => {
    delete process.env.PUBLIC_URL;
    await app.close();
  });

  it('uses it for canonical and OpenGraph URLs, whatever the request’s host', async () => {
    const { details } = await signedInCreator(app);
    const html = (
      await agent(app).get(`/${details.username}`).set('Host', 'evil.example').set('User-Agent', BROWSER).expect(200)
    ).text;
    expect(html).toContain(`<link rel="canonical" href="https://linkbio.example/${details.username}"/>`);
    expect(meta(html, 'property', 'og:url')).toBe(`https://linkbio.example/${details.username}`);
    expect(html).not.toContain('evil.example');
  });
});
