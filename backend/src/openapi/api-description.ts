import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { SESSION_COOKIE } from '../modules/identity/identity.constants.js';
import { SignedInGuard } from '../modules/identity/http/signed-in.guard.js';
import { OperatorGuard } from '../modules/payouts/http/operator.guard.js';
import { describeContractClasses } from '../shared/http/openapi/contract-schemas.js';
import { ERROR_DESCRIPTIONS, ErrorBody } from '../shared/http/openapi/responses.js';
import { controllerRoutes, type ControllerRoute } from '../shared/http/openapi/routes.js';
import { namedSchemas } from '../shared/http/openapi/schema.js';

export const OPENAPI_JSON_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

type Operation = {
  requestBody?: unknown;
  parameters?: Array<{ in: string }>;
  responses: Record<string, unknown>;
  security?: Array<Record<string, string[]>>;
};

/** Who may call a route, by the guard it carries: the security scheme, and the 401 it answers otherwise. */
const SECURITY = new Map<unknown, string>([
  [SignedInGuard, 'session'],
  [OperatorGuard, 'operator'],
]);

/** Where create-app.ts asks for the operators' credentials (requireOperator) before any route runs. */
const OPERATORS_ONLY = /^\/api\/admin(\/|$)/;

const UNSAFE = new Set(['post', 'put', 'patch', 'delete']);

/**
 * The API's OpenAPI 3.1 description, generated from the controllers: their routes and parameters, the
 * request classes of the shared contracts (described from their validation rules), the answers each route
 * declares, and the error answers every route can give by where it stands in the HTTP pipeline.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  describeContractClasses();
  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('Linkbio API')
    .setDescription(
      "The link-in-bio API: creators' accounts, links, analytics, payouts and bookings, and the public pages. " +
        'Every error answers `{ statusCode, message }` in JSON. State-changing calls take JSON bodies and must come from the same site.',
    )
    .setVersion('1')
    .addCookieAuth(
      SESSION_COOKIE,
      { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Signed in (POST /api/auth/login).' },
      'session',
    )
    .addBasicAuth(
      { type: 'http', scheme: 'basic', description: "Operators' credentials (OPERATOR_USER, OPERATOR_PASSWORD)." },
      'operator',
    )
    // Relative: the origin this description was fetched from, whichever host (or proxy) that is.
    .addServer('/', 'This API, on the origin that serves this description.')
    .build();
  // No licence is declared for the project (its packages are private): all rights reserved. OpenAPI 3.1's
  // `identifier` is an SPDX expression, and LicenseRef- is SPDX's form for a licence not on its list.
  config.info.license = {
    name: 'Proprietary',
    identifier: 'LicenseRef-Proprietary',
  } as OpenAPIObject['info']['license'];
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controller, method) => `${controller}_${method}`,
  });
  document.components = { ...document.components, schemas: { ...namedSchemas(), ...document.components?.schemas } };
  for (const route of controllerRoutes(app)) {
    const operation = (document.paths[route.path] as Record<string, Operation> | undefined)?.[route.method];
    if (operation) addPipelineAnswers(route, operation);
  }
  return document;
}

/** What any route may answer before or around its handler: the guards, the body guards, the stores' outages. */
function addPipelineAnswers(route: ControllerRoute, operation: Operation): void {
  const statuses = [500, 503];
  const schemes = new Set(
    route.guards.map((guard) => SECURITY.get(guard)).filter((scheme): scheme is string => scheme !== undefined),
  );
  if (OPERATORS_ONLY.test(route.path)) schemes.add('operator');
  if (schemes.size > 0) statuses.push(401);
  // Declared on every operation: an empty list says a call needs no credentials at all.
  operation.security = [...schemes].map((scheme) => ({ [scheme]: [] }));
  // The operators' sign-in holds a client address after too many wrong credentials (operator-auth.ts).
  if (schemes.has('operator')) statuses.push(429);
  const isApi = route.path.startsWith('/api/');
  // The API parses a JSON body whatever the method (a malformed one is a 400, an oversized one a 413); a
  // state-changing call must also come from the same site (403) and send JSON only (415).
  if (isApi) statuses.push(...(UNSAFE.has(route.method) ? [403, 413, 415] : [413]));
  // A body or query may be invalid; any path or query may not decode to acceptable text (`%ff`, `%00`: well-formed-text.ts).
  statuses.push(400);
  for (const status of statuses) {
    operation.responses[status] ??= {
      description: ERROR_DESCRIPTIONS[status],
      content: { 'application/json': { schema: ErrorBody } },
    };
  }
}

/**
 * Serves the description at GET /api/openapi.json (built on first request, then kept) and a browsable page
 * at GET /api/docs (Swagger UI's bundled assets, from our own origin). Call before app.init().
 */
export function serveApiDescription(app: INestApplication): void {
  let document: OpenAPIObject | undefined;
  SwaggerModule.setup(API_DOCS_PATH, app, () => (document ??= buildOpenApiDocument(app)), {
    jsonDocumentUrl: OPENAPI_JSON_PATH,
    raw: ['json'],
    customSiteTitle: 'Linkbio API',
  });
}
