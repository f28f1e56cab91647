import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { startApp } from './support/harness.js';
import { openApiChecker, takeMismatches } from './support/openapi-responses.js';

type Listener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * The OpenAPI description, served, and the check every spec's answers go through (openapi-responses.ts):
 * it must catch a body of the wrong shape, a status the description does not list, and an undescribed path.
 */
describe('the API description and the answers check', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await startApp();
  });

  afterAll(() => app.close());

  it('serves an OpenAPI 3.1 document at /api/openapi.json and a browsable page at /api/docs', async () => {
    const document = await request(app.getHttpServer()).get('/api/openapi.json').expect(200).expect('Content-Type', /json/);
    expect(document.body.openapi).toMatch(/^3\.1\./);
    expect(Object.keys(document.body.paths)).toEqual(expect.arrayContaining(['/{username}', '/go/{linkId}', '/api/links/{id}/click', '/api/auth/me']));
    const page = await request(app.getHttpServer()).get('/api/docs').expect(200).expect('Content-Type', /html/);
    expect(page.text).toContain('swagger-ui-bundle.js');
    await request(app.getHttpServer()).get('/api/docs/swagger-ui-bundle.js').expect(200).expect('Content-Type', /javascript/);
    const init = await request(app.getHttpServer()).get('/api/docs/swagger-ui-init.js').expect(200);
    expect(init.text).toMatch(/"openapi":\s*"3\.1\.0"/);
  });

  it('describes every route the running API registered with Express', async () => {
    const document = (await request(app.getHttpServer()).get('/api/openapi.json').expect(200)).body as { paths: Record<string, Record<string, unknown>> };
    const router = (app.getHttpAdapter().getInstance() as { router: { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> } }).router;
    const routes = router.stack.flatMap(({ route }) =>
      route ? Object.keys(route.methods).map((method) => ({ method, path: route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}') })) : [],
    );
    const apiRoutes = routes.filter(({ path }) => !path.startsWith('/api/docs') && path !== '/api/openapi.json');
    expect(apiRoutes.length).toBeGreaterThan(60);
    expect(apiRoutes.filter(({ method, path }) => !document.paths[path]?.[method]).map(({ method, path }) => `${method} ${path}`)).toEqual([]);
  });

  it('finds a wrong body, an unlisted status, an unlisted media type and an undescribed API path', async () => {
    const checker = await openApiChecker();
    const json = 'application/json; charset=utf-8';
    expect(checker.check({ method: 'GET', path: '/api/health/live', status: 200, contentType: json, body: '{"status":"ok"}' })).toEqual([]);

    const wrongBody = checker.check({ method: 'GET', path: '/api/links', status: 200, contentType: json, body: '[{"id":"x","title":3}]' });
    expect(wrongBody.join('\n')).toMatch(/body\.0\.title must be string/);
    expect(wrongBody.join('\n')).toMatch(/must have required property 'url'/);

    const extraField = checker.check({ method: 'GET', path: '/api/health/live', status: 200, contentType: json, body: '{"status":"ok","debug":1}' });
    expect(extraField.join('\n')).toMatch(/must NOT have additional properties.*debug/);

    expect(checker.check({ method: 'GET', path: '/api/links', status: 418, contentType: json, body: '{}' })).toEqual([
      expect.stringMatching(/^status 418 is not listed for GET \/api\/links/),
    ]);
    expect(checker.check({ method: 'GET', path: '/api/links', status: 200, contentType: 'text/html', body: '<p>' })).toEqual([
      expect.stringMatching(/media type "text\/html" is not listed/),
    ]);
    expect(checker.check({ method: 'GET', path: '/api/nowhere', status: 200, contentType: json, body: '{}' })).toEqual([
      expect.stringMatching(/no route in the document/),
    ]);
    expect(checker.check({ method: 'GET', path: '/api/nowhere', status: 404, contentType: json, body: '{"statusCode":404,"message":"Not found"}' })).toEqual([]);
  });

  it('checks the answers the API really sends, and fails the test naming the call', async () => {
    const server = app.getHttpServer() as Server;
    const listeners = server.listeners('request') as Listener[];
    server.removeAllListeners('request');
    server.on('request', (incoming: IncomingMessage, response: ServerResponse) => {
      const wrong = incoming.url === '/api/auth/me';
      response.writeHead(wrong ? 200 : 418, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(wrong ? { id: 'not a user view' } : { statusCode: 418, message: 'a teapot' }));
    });
    try {
      await request(server).get('/api/auth/me').expect(200);
      await request(server).get('/api/links').expect(418);
    } finally {
      server.removeAllListeners('request');
      for (const listener of listeners) server.on('request', listener);
    }
    const found = await takeMismatches();
    expect(found.map(({ method, path, status }) => `${method} ${path} ${status}`)).toEqual(['GET /api/auth/me 200', 'GET /api/links 418']);
    expect(found[0]!.problems.join('\n')).toMatch(/must have required property 'username'/);
    expect(found[1]!.problems).toEqual([expect.stringMatching(/status 418 is not listed/)]);

    await request(server).get('/api/health/live').expect(200);
    expect(await takeMismatches()).toEqual([]);
  });
});
