import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createApp } from '../src/create-app.js';
import { basicAuth, testEnv } from './support/harness.js';

/** The operators' queue dashboard (bull-board) at /admin/queues, behind HTTP Basic operator credentials. */

const OPERATOR = { user: 'ops', password: 'correct horse battery' };

describe('the queue dashboard at /admin/queues', () => {
  let app: INestApplication;
  let closed: INestApplication;

  beforeAll(async () => {
    const env = await testEnv();
    app = await createApp({ ...env, OPERATOR_USER: OPERATOR.user, OPERATOR_PASSWORD: OPERATOR.password } as typeof env);
    closed = await createApp(env);
  });

  afterAll(async () => {
    await app?.close();
    await closed?.close();
  });

  it.each([
    ['no credentials', undefined],
    ['a wrong password', basicAuth(OPERATOR.user, 'wrong password!!')],
    ['a wrong user', basicAuth('admin', OPERATOR.password)],
    ['a malformed header', 'Basic %%%'],
    ['a bearer token', 'Bearer abc'],
  ])('answers 401 with a Basic challenge to %s', async (_, authorization) => {
    for (const path of ['/admin/queues', '/admin/queues/api/queues', '/admin/queues/static/js/main.js']) {
      let call = request(app.getHttpServer()).get(path);
      if (authorization) call = call.set('Authorization', authorization);
      const response = await call.expect(401);
      expect(response.headers['www-authenticate']).toBe('Basic realm="Linkbio operators", charset="UTF-8"');
      expect(response.body).toEqual({ statusCode: 401, message: 'Operator sign-in required.' });
    }
  });

  it('stays closed (401) when no operator credentials are configured', async () => {
    const response = await request(closed.getHttpServer()).get('/admin/queues').set('Authorization', basicAuth(OPERATOR.user, OPERATOR.password)).expect(401);
    expect(response.body.message).toBe('Operator access is not configured: set OPERATOR_USER and OPERATOR_PASSWORD.');
  });

  it('shows every queue to the operator', async () => {
    const auth = basicAuth(OPERATOR.user, OPERATOR.password);
    const page = await request(app.getHttpServer()).get('/admin/queues').set('Authorization', auth).expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('Linkbio queues');

    const api = await request(app.getHttpServer()).get('/admin/queues/api/queues?activeQueue=analytics&status=latest&page=1').set('Authorization', auth).expect(200);
    const queues = (api.body as { queues: Array<{ name: string; counts: Record<string, number> }> }).queues;
    expect(queues.map((q) => q.name).sort()).toEqual(['analytics', 'maintenance', 'payouts']);
    for (const queue of queues) expect(typeof queue.counts.waiting).toBe('number');

    // The page's own script and style load under the product's Content-Security-Policy.
    const assets = [...page.text.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      const url = new URL(asset, 'http://localhost/admin/queues/');
      await request(app.getHttpServer()).get(url.pathname).set('Authorization', auth).expect(200);
    }
  });
});
