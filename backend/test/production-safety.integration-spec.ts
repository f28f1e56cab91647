import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { Messages } from '@linkbio/shared-contracts';
import { createApp } from '../src/create-app.js';
import { JobQueues } from '../src/shared/queues/job-queues.js';
import { basicAuth, signedInCreator, testDatabaseUrl, testEnv, unique } from './support/harness.js';
import { exited, startProcess } from './support/processes.js';

/**
 * What production refuses: starting with the local test payment provider (unless ALLOW_LOCAL_PAYMENTS=true,
 * as outages.integration-spec starts it) or without PUBLIC_URL, a cross-site call to the operators' queue
 * dashboard, and an Origin naming the right host over the wrong scheme.
 */

const OPERATOR = { user: 'ops', password: 'correct horse battery' };
const EVIL = 'https://evil.example';

describe('starting in production', () => {
  /** The run's environment as production, on the local test provider (no Stripe key), with `extra` over it. */
  const production = (extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      STRIPE_SECRET_KEY: undefined,
      ALLOW_LOCAL_PAYMENTS: undefined,
      NODE_ENV: 'production',
      DATABASE_URL: testDatabaseUrl(),
      SESSION_SECRET: 'production-safety-session-secret-0123456789',
      PUBLIC_URL: 'https://linkbio.example',
      HOST: '127.0.0.1',
      REDIS_KEY_PREFIX: `linkbio-test-${unique('p')}:`,
      WORKER_SCHEDULES: 'false',
      ...extra,
    };
    return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined));
  };

  it.each([
    ['the API', 'main.js'],
    ['the worker', 'worker.main.js'],
  ] as const)(
    '%s refuses the local test payment provider, in one line, exiting 1',
    async (_name, entry) => {
      const running = startProcess(entry, production({}));
      expect(await exited(running.child)).toBe(1);
      const lines = running.output().trim().split('\n');
      expect(lines).toEqual([
        expect.stringContaining('STRIPE_SECRET_KEY: NODE_ENV=production refuses the local test payment provider'),
      ]);
      expect(lines[0]).toContain('ALLOW_LOCAL_PAYMENTS=true');
    },
    60_000,
  );

  it('the API refuses to start without PUBLIC_URL, in one line, exiting 1', async () => {
    const running = startProcess('main.js', production({ ALLOW_LOCAL_PAYMENTS: 'true', PUBLIC_URL: undefined }));
    expect(await exited(running.child)).toBe(1);
    expect(running.output().trim().split('\n')).toEqual([
      expect.stringContaining('PUBLIC_URL: NODE_ENV=production requires the public address'),
    ]);
  }, 60_000);
});

describe('cross-site calls in production', () => {
  let app: INestApplication;
  let ownOrigin: string;
  const auth = basicAuth(OPERATOR.user, OPERATOR.password);
  const jobs = () => app.get(JobQueues).queue('maintenance').getJobCounts('waiting', 'delayed', 'prioritized');
  const total = async () => Object.values(await jobs()).reduce((sum, n) => sum + n, 0);

  beforeAll(async () => {
    const env = await testEnv();
    // Queues of this file's own: no worker takes the jobs the dashboard adds, and no other spec counts them.
    app = await createApp({
      ...env,
      REDIS_KEY_PREFIX: `linkbio-test-${unique('x')}:`,
      OPERATOR_USER: OPERATOR.user,
      OPERATOR_PASSWORD: OPERATOR.password,
    } as typeof env);
    await app.listen(0, '127.0.0.1');
    ownOrigin = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app
      ?.get(JobQueues)
      .queue('maintenance')
      .obliterate({ force: true })
      .catch(() => undefined);
    await app?.close();
  });

  const addJob = () =>
    request(app.getHttpServer()).post('/admin/queues/api/queues/maintenance/add').set('Authorization', auth);

  it.each([
    ['a form of another site (Origin)', () => addJob().set('Origin', EVIL).type('form').send('name=clean-up')],
    [
      'another site, as the browser says (Sec-Fetch-Site)',
      () => addJob().set('Sec-Fetch-Site', 'cross-site').send({ name: 'clean-up', data: {} }),
    ],
    ['a JSON call of another site', () => addJob().set('Origin', EVIL).send({ name: 'clean-up', data: {} })],
    [
      'the own host over another scheme',
      () => addJob().set('Origin', ownOrigin.replace('http:', 'https:')).send({ name: 'clean-up', data: {} }),
    ],
  ])(
    'the queue dashboard refuses %s with 403 and adds no job, despite the operator’s credentials',
    async (_case, send) => {
      const before = await total();
      const response = await send().expect(403);
      expect(response.body).toEqual({ statusCode: 403, message: Messages.crossSite });
      expect(await total()).toBe(before);
    },
  );

  it('the queue dashboard refuses a form body (text/plain, the one a cross-site form can send) with 415', async () => {
    const before = await total();
    await addJob().set('Content-Type', 'text/plain').send('{"name":"clean-up"}').expect(415);
    expect(await total()).toBe(before);
  });

  it('the queue dashboard adds a job for the operator on its own page', async () => {
    const before = await total();
    await addJob()
      .set('Origin', ownOrigin)
      .set('Sec-Fetch-Site', 'same-origin')
      .send({ name: 'clean-up', data: {} })
      .expect(200);
    expect(await total()).toBe(before + 1);
  });

  it('the API refuses the own host over another scheme, and takes it over the scheme it came by', async () => {
    const { client } = await signedInCreator(app);
    const httpsOrigin = ownOrigin.replace('http:', 'https:');
    const refused = await client
      .put('/api/users/template')
      .set('Origin', httpsOrigin)
      .send({ theme: 'vibrant' })
      .expect(403);
    expect(refused.body).toEqual({ statusCode: 403, message: Messages.crossSite });
    // Behind a trusted proxy (TRUST_PROXY=loopback here) that terminated TLS: the request came over https.
    await client
      .put('/api/users/template')
      .set('Origin', httpsOrigin)
      .set('X-Forwarded-Proto', 'https')
      .send({ theme: 'vibrant' })
      .expect(200);
    await client.put('/api/users/template').set('Origin', ownOrigin).send({ theme: 'dark' }).expect(200);
  });

  it('a link click from the own host over another scheme is refused too', async () => {
    const { client } = await signedInCreator(app);
    const link = (await client.post('/api/links').send({ title: 'Shop', url: 'https://shop.example.com' }).expect(201))
      .body as { id: string };
    await request(app.getHttpServer())
      .post(`/api/links/${link.id}/click`)
      .set('Origin', ownOrigin.replace('http:', 'https:'))
      .expect(403);
    await request(app.getHttpServer())
      .post(`/api/links/${link.id}/click`)
      .set('Origin', ownOrigin)
      .expect((r) => expect(r.status).toBeLessThan(300));
  });
});
