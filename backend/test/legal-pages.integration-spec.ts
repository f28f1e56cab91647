import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { SessionProbeView, UserView } from '@linkbio/shared-contracts';
import { createApp } from '../src/create-app.js';
import { agent, signedInCreator, startApp, testDatabaseUrl, testEnv, unique } from './support/harness.js';
import { exited, startProcess } from './support/processes.js';

/*
 * /privacy and /terms over HTTP: the templates shipped in backend/legal/ by default, the operator's own
 * Markdown (PRIVACY_POLICY_FILE, TERMS_FILE) instead when set, raw HTML in it shown as text, and a file that
 * cannot be read stopping the start. Also GET /api/auth/session, the signed-out pages' question that never fails.
 */

const SERVER_ENTRY = fileURLToPath(new URL('../../public-app/dist/server/entry-server.js', import.meta.url));

describe('the legal pages', () => {
  let app: INestApplication;

  beforeAll(async () => {
    if (!existsSync(SERVER_ENTRY)) throw new Error(`No public app build at ${SERVER_ENTRY}: run \`npm run build\` first.`);
    app = await startApp();
  });

  afterAll(async () => {
    await app?.close();
  });

  it.each([
    ['/privacy', 'Privacy Policy', 'PRIVACY_POLICY_FILE'],
    ['/terms', 'Terms of Service', 'TERMS_FILE'],
  ])('%s serves the shipped template as a light HTML page that says it is a template', async (path, title, variable) => {
    const response = await agent(app).get(path).expect(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const html = response.text;
    expect(html.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true);
    expect(html).toContain(`<title>${title} · Linkbio</title>`);
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).toContain(`<h1>${title}</h1>`);
    expect(html).toContain('<strong>This is a template to adapt.</strong>');
    expect(html).toContain(`<code>${variable}</code>`);
    expect(html).toMatch(/<header class="legal-top">[\s\S]*<main class="legal">[\s\S]*<\/main><footer class="legal-foot"><nav aria-label="Legal">/);
    expect(html).toContain('<a href="/privacy"');
    expect(html).toContain('<a href="/terms"');
    // No script of any kind: the page is text.
    expect(html).not.toMatch(/<script/i);
    expect(Buffer.byteLength(html)).toBeLessThan(40 * 1024);
  });

  it('answers 304 to a copy that is current', async () => {
    // One Host for both: the page names its own address (canonical), and each test server listens on a port of its own.
    const first = await agent(app).get('/terms').set('Host', 'linkbio.test').expect(200);
    await agent(app).get('/terms').set('Host', 'linkbio.test').set('If-None-Match', first.headers.etag as string).expect(304);
  });

  it('leaves /privacy and /terms to no creator: they are reserved names', async () => {
    const response = await agent(app).post('/api/auth/register').send({
      username: 'privacy',
      email: `${unique('legal')}@example.com`,
      password: 'a-good-password',
      confirmPassword: 'a-good-password',
      displayName: 'Privacy',
    });
    expect(response.status).toBe(400);
  });
});

describe('the legal pages an operator configures', () => {
  const dir = mkdtempSync(join(tmpdir(), 'linkbio-legal-'));
  let app: INestApplication;

  beforeAll(async () => {
    const privacy = join(dir, 'privacy.md');
    writeFileSync(
      privacy,
      [
        '# Acme Privacy Notice',
        '',
        'We keep little. <script>alert("x")</script>',
        '',
        '<img src="x" onerror="alert(1)">',
        '',
        '[mail us](mailto:privacy@acme.example) or [not a link](javascript:alert(1)).',
        '',
      ].join('\n'),
    );
    const env = await testEnv();
    app = await createApp({ ...env, PRIVACY_POLICY_FILE: privacy });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('serves the configured file instead of the template, its raw HTML shown as text', async () => {
    const html = (await agent(app).get('/privacy').expect(200)).text;
    expect(html).toContain('<title>Acme Privacy Notice · Linkbio</title>');
    expect(html).toContain('<h1>Acme Privacy Notice</h1>');
    expect(html).not.toContain('This is a template to adapt');
    expect(html).toContain('We keep little. &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=&quot;x&quot; onerror=&quot;alert(1)&quot;&gt;');
    expect(html).not.toMatch(/<script|<img|href="javascript:/i);
    expect(html).toContain('<a href="mailto:privacy@acme.example">mail us</a>');
    // The other text stays the template.
    expect((await agent(app).get('/terms').expect(200)).text).toContain('This is a template to adapt');
  });
});

describe('a legal text that cannot be read', () => {
  it('stops the API at start, naming the variable and the file, exiting 1', async () => {
    const missing = join(tmpdir(), `${unique('no-terms')}.md`);
    const env = Object.fromEntries(
      Object.entries({
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: testDatabaseUrl(),
        SESSION_SECRET: 'legal-pages-session-secret-0123456789abcdef',
        HOST: '127.0.0.1',
        PORT: '0',
        REDIS_KEY_PREFIX: `linkbio-test-${unique('l')}:`,
        WORKER_SCHEDULES: 'false',
        TERMS_FILE: missing,
      }).filter(([, value]) => value !== undefined),
    );
    const running = startProcess('main.js', env);
    expect(await exited(running.child)).toBe(1);
    expect(running.output()).toContain(
      `TERMS_FILE: cannot read ${missing} (there is no such file); set it to a readable Markdown file, or unset it to serve the template`,
    );
  }, 60_000);
});

describe('GET /api/auth/session', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await startApp();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('answers a visitor 200 with no user, where /api/auth/me answers 401', async () => {
    const response = await agent(app).get('/api/auth/session').expect(200);
    expect(response.body as SessionProbeView).toEqual({ user: null });
    await agent(app).get('/api/auth/me').expect(401);
    // A cookie that is no session's is a visitor too.
    await agent(app).get('/api/auth/session').set('Cookie', 'linkbio.sid=s%3Anope.nope').expect(200, { user: null });
  });

  it('answers a signed-in creator with the view /api/auth/me gives, and a visitor again after signing out', async () => {
    const { client, user } = await signedInCreator(app);
    const me = (await client.get('/api/auth/me').expect(200)).body as UserView;
    const session = (await client.get('/api/auth/session').expect(200)).body as SessionProbeView;
    expect(session.user).toEqual(me);
    expect(session.user?.id).toBe(user.id);
    await client.post('/api/auth/logout').expect(200);
    expect((await client.get('/api/auth/session').expect(200)).body).toEqual({ user: null });
  });
});

describe('the queue dashboard\'s typeface', () => {
  const OPERATOR = { user: 'ops', password: 'correct horse battery' };
  let app: INestApplication;

  beforeAll(async () => {
    const env = await testEnv();
    app = await createApp({ ...env, OPERATOR_USER: OPERATOR.user, OPERATOR_PASSWORD: OPERATOR.password });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('is allowed by /admin/queues\' own policy, and by no other page\'s', async () => {
    const auth = `Basic ${Buffer.from(`${OPERATOR.user}:${OPERATOR.password}`).toString('base64')}`;
    const page = await request(app.getHttpServer()).get('/admin/queues').set('Authorization', auth).expect(200);
    const styles = [...page.text.matchAll(/<link href="(https:\/\/[^"]+)" rel="stylesheet">/g)].map((match) => new URL(match[1]!).origin);
    expect(styles).toEqual(['https://fonts.googleapis.com']);
    const styleSrc = (policy: string) => policy.split(';').find((directive) => directive.startsWith('style-src'));
    expect(styleSrc(page.headers['content-security-policy'] as string)).toBe("style-src 'self' 'unsafe-inline' https://fonts.googleapis.com");
    for (const path of ['/privacy', '/api/health/live', '/admin/queues-not']) {
      const other = await request(app.getHttpServer()).get(path);
      expect(styleSrc(other.headers['content-security-policy'] as string)).toBe("style-src 'self' 'unsafe-inline'");
    }
  });
});
