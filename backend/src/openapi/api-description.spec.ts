import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { Validator } from '@seriousme/openapi-schema-validator';
import { SignedInGuard } from '../modules/identity/http/signed-in.guard.js';
import { OperatorGuard } from '../modules/payouts/http/operator.guard.js';
import { controllerRoutes, type ControllerRoute } from '../shared/http/openapi/routes.js';
import { buildOpenApiDocument } from './api-description.js';
import { describedApp } from './testing/described-app.js';

describe('the API description', () => {
  let app: INestApplication;
  let document: OpenAPIObject;

  beforeAll(async () => {
    app = await describedApp();
    document = buildOpenApiDocument(app);
  });

  afterAll(() => app.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    const result = await new Validator().validate(structuredClone(document) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every route a controller declares, with the success answers it declares', () => {
    const routes = controllerRoutes(app);
    expect(routes.length).toBeGreaterThan(60);
    const missing = routes.filter(
      ({ method, path }) => !(document.paths[path] as Record<string, unknown> | undefined)?.[method],
    );
    expect(missing.map(({ method, path }) => `${method.toUpperCase()} ${path}`)).toEqual([]);
    const withoutSuccess = routes.filter(({ method, path }) => {
      const responses = (document.paths[path] as Record<string, { responses: Record<string, unknown> }>)[method]!
        .responses;
      // Nest's scanner adds an undescribed 200 or 201 to a route that declares none.
      return !Object.entries(responses).some(
        ([status, answer]) => /^[23]\d\d$/.test(status) && (answer as { description: string }).description !== '',
      );
    });
    expect(withoutSuccess.map(({ method, path }) => `${method.toUpperCase()} ${path}`)).toEqual([]);
  });

  it('gives every operation a summary and declares who may call it: a session, the operators, or anyone', () => {
    const routes = controllerRoutes(app);
    const operationOf = ({ method, path }: { method: string; path: string }) =>
      (
        document.paths[path] as Record<
          string,
          { summary?: string; security?: unknown; responses: Record<string, unknown> }
        >
      )[method]!;
    const name = ({ method, path }: { method: string; path: string }) => `${method.toUpperCase()} ${path}`;
    expect(routes.filter((route) => !operationOf(route).summary?.trim()).map(name)).toEqual([]);
    const expected = (route: ControllerRoute) => {
      if (route.path.startsWith('/api/admin/') || route.guards.includes(OperatorGuard)) return [{ operator: [] }];
      if (route.guards.includes(SignedInGuard)) return [{ session: [] }];
      return [];
    };
    const wrong = routes.filter(
      (route) => JSON.stringify(operationOf(route).security) !== JSON.stringify(expected(route)),
    );
    expect(wrong.map((route) => `${name(route)}: ${JSON.stringify(operationOf(route).security)}`)).toEqual([]);
    // Both kinds and the public calls are there, and only the guarded ones answer 401 for it.
    expect(operationOf({ method: 'get', path: '/api/health/live' }).security).toEqual([]);
    expect(operationOf({ method: 'post', path: '/api/admin/support-requests/{id}/close' }).security).toEqual([
      { operator: [] },
    ]);
    expect(operationOf({ method: 'get', path: '/api/health/live' }).responses['401']).toBeUndefined();
    const schemes = Object.keys(document.components?.securitySchemes ?? {});
    expect(schemes.sort()).toEqual(['operator', 'session']);
  });

  it('names its server: the origin that serves it, whatever the host', () => {
    expect(document.servers).toEqual([{ url: '/', description: expect.stringMatching(/\S/) }]);
  });

  it("says which calls need a session or the operators' credentials, and that they answer 401 without", () => {
    const links = (
      document.paths['/api/links'] as Record<string, { security?: unknown; responses: Record<string, unknown> }>
    ).get!;
    expect(links.security).toEqual([{ session: [] }]);
    expect(links.responses['401']).toBeDefined();
    const payouts = (document.paths['/api/admin/payouts'] as Record<string, { security?: unknown }>).get!;
    expect(payouts.security).toEqual([{ operator: [] }]);
  });

  it("describes request bodies from the contracts' validation rules", () => {
    const schema = document.components?.schemas?.CreateLinkRequest as {
      properties: Record<string, Record<string, unknown>>;
      required: string[];
    };
    // A header has no url and an embed's title may be left out: neither is required of every kind.
    expect(schema.required ?? []).not.toContain('startsAt');
    expect(schema.properties.kind).toMatchObject({ enum: ['link', 'header', 'embed'] });
    expect(schema.properties.title).toMatchObject({ type: 'string', minLength: 1 });
    expect(schema.properties.url).toMatchObject({ type: 'string', format: 'uri' });
    expect(schema.properties.startsAt).toMatchObject({ type: ['string', 'null'], format: 'date-time' });
  });
});
