import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import request from 'supertest';
import { serveDashboard } from './serve-dashboard.js';

const INDEX = '<!doctype html><div id="root"></div><script type="module" src="/assets/index-abc.js"></script>';
const LANDING = '<!doctype html><h1>One link</h1><span data-site-host="">%SITE_HOST%/</span><span>%SITE_HOST%/</span>';

/** The dashboard's build in a folder of its own, with or without the landing page rendered ahead of time. */
function dashboardBuild({ landing }: { landing: boolean }): string {
  const dir = mkdtempSync(join(tmpdir(), 'linkbio-dashboard-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'index-abc.js'), 'console.log(1)');
  if (landing) writeFileSync(join(dir, 'landing.html'), LANDING);
  return dir;
}

/** An Express app serving that build, where the `x-test-user` header stands for a signed-in session. */
function appServing(dir: string, publicUrl?: string) {
  const app = express();
  app.use((req: Request, _res: Response, next: NextFunction) => {
    req.isAuthenticated = (() => req.get('x-test-user') !== undefined) as Request['isAuthenticated'];
    next();
  });
  serveDashboard(app as unknown as NestExpressApplication, dir, () => false, publicUrl);
  return app;
}

describe('serveDashboard', () => {
  const dirs: string[] = [];
  const build = (landing: boolean, publicUrl?: string) => {
    const dir = dashboardBuild({ landing });
    dirs.push(dir);
    return appServing(dir, publicUrl);
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it("sends a visitor who is not signed in the landing page rendered ahead of time at '/', with the site's address", async () => {
    const response = await request(build(true)).get('/').set('Host', 'linkbio.test:8080').expect(200);
    expect(response.text).toBe(
      '<!doctype html><h1>One link</h1><span data-site-host="">linkbio.test:8080/</span><span>linkbio.test:8080/</span>',
    );
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toMatch(/Cookie/);
  });

  it('escapes the address it puts in the page', async () => {
    const response = await request(build(true)).get('/').set('Host', 'a"<b>&').expect(200);
    expect(response.text).toContain('<span data-site-host="">a&quot;&lt;b&gt;&amp;/</span>');
  });

  it('shows PUBLIC_URL’s address when it is set, whatever Host the request names', async () => {
    const response = await request(build(true, 'https://links.example.com')).get('/').set('Host', 'evil.example').expect(200);
    expect(response.text).toContain('<span data-site-host="">links.example.com/</span>');
    expect(response.text).not.toContain('evil');
  });

  it("sends a signed-in creator the app at '/', as before", async () => {
    const response = await request(build(true)).get('/').set('x-test-user', '1').expect(200);
    expect(response.text).toBe(INDEX);
    expect(response.headers.vary).toMatch(/Cookie/);
  });

  it("sends the app at '/' when the build has no landing page", async () => {
    const response = await request(build(false)).get('/').expect(200);
    expect(response.text).toBe(INDEX);
  });

  it('sends the app for its other routes and the 404 page, signed in or not', async () => {
    const app = build(true);
    expect((await request(app).get('/auth').expect(200)).text).toBe(INDEX);
    expect((await request(app).get('/dashboard').set('x-test-user', '1').expect(200)).text).toBe(INDEX);
    expect((await request(app).get('/no/such/page').expect(404)).text).toBe(INDEX);
    // A visitor's manage link: /booking/{token}, and nothing deeper.
    expect((await request(app).get('/booking/Ab-_9xYz').expect(200)).text).toBe(INDEX);
    await request(app).get('/booking/a/b').expect(404);
  });

  it('serves the hashed assets for a year and leaves the API alone', async () => {
    const app = build(true);
    const asset = await request(app).get('/assets/index-abc.js').expect(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    await request(app).get('/api/auth/me').expect(404);
  });
});
