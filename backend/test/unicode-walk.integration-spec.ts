import { randomUUID } from 'node:crypto';
import { maxHeaderSize, type Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { Messages, TEXT_MAX_LENGTH } from '@linkbio/shared-contracts';
import { DEVICE_COOKIE, SESSION_COOKIE } from '../src/modules/identity/identity.constants.js';
import { basicAuth, signedInCreator, startApp, unique, uniqueIp, type Agent } from './support/harness.js';
import {
  describeField,
  percentEncode,
  plausibleValue,
  resolve,
  stringFields,
  withValueAt,
  type Document,
  type Field,
  type Operation,
  type Plausible,
} from './support/string-fields.js';

/*
 * No 500 from any string (issue 25): every operation of the API's description is called once for each string
 * it takes (path and query parameters, every string in its JSON body, through $refs, nested objects and
 * arrays) holding each of the values below, the rest of the request plausibly valid, signed in or with the
 * operators' credentials where the operation asks for them. Every answer must be below 500 and come within
 * a few seconds. The pages and hot paths beside the description, and the headers the API reads, likewise.
 */

const OPERATOR = { user: 'walk-ops', password: 'walk-operator-password' };

type Place = Field['in'];
const EVERYWHERE: Place[] = ['body', 'path', 'query'];

/**
 * The values each string is sent with, and where each must be refused with a 4xx. A lone surrogate has no
 * UTF-8 form: in a URL it goes as the bytes a browser would write (`%ED%A0%80`), an escape that does not
 * decode, refused in a path and read as U+FFFD in a query, as the app's query parser reads it. The override is
 * text a person may mean: only the fields' own rules decide.
 */
const VALUES: Array<[string, string, { refusedIn: Place[] }]> = [
  ['a lone surrogate', '\uD800', { refusedIn: ['body', 'path'] }],
  ['a NUL', 'a\u0000b', { refusedIn: EVERYWHERE }],
  ['100 000 characters', 'x'.repeat(100_000), { refusedIn: EVERYWHERE }],
  ['a right-to-left override', '\u202Eabc', { refusedIn: [] }],
];

/** A hang fails the call rather than the whole spec: each answer has this long to start, and twice as long to end. */
const ANSWER_WITHIN_MS = 5_000;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Call {
  method: (typeof METHODS)[number];
  path: string;
  body?: unknown;
  client?: Agent;
  headers?: Record<string, string>;
  /** The value must be refused: any answer below 400 is a failure too. */
  refused?: boolean;
}

interface Failure {
  call: string;
  problem: string;
}

describe('no 500 from any string', () => {
  let app: INestApplication;
  let server: Server;
  let document: Document;
  let owner: { username: string; linkId: string };

  beforeAll(async () => {
    process.env.OPERATOR_USER = OPERATOR.user;
    process.env.OPERATOR_PASSWORD = OPERATOR.password;
    app = await startApp();
    server = app.getHttpServer() as Server;
    document = (await request(server).get('/api/openapi.json').expect(200)).body as Document;
    const { client, user } = await signedInCreator(app);
    owner = { username: user.username, linkId: await addLink(client) };
  });

  afterAll(async () => {
    delete process.env.OPERATOR_USER;
    delete process.env.OPERATOR_PASSWORD;
    await app.close();
  });

  /** Sends one call; what went wrong (a 5xx, no answer in time), or null. */
  async function send({ method, path, body, client, headers = {}, refused = false }: Call): Promise<string | null> {
    let test = (client ?? request(server))[method](path).set('X-Forwarded-For', uniqueIp());
    for (const [name, value] of Object.entries(headers)) test = test.set(name, value);
    test = test.timeout({ response: ANSWER_WITHIN_MS, deadline: ANSWER_WITHIN_MS * 2 });
    try {
      const response = await (body === undefined ? test : test.send(body as object));
      const wrong = response.status >= 500 || (refused && response.status < 400);
      return wrong ? `answered ${response.status}: ${JSON.stringify(response.body).slice(0, 200)}` : null;
    } catch (error) {
      const { status, timeout, code } = error as { status?: number; timeout?: number; code?: string };
      if (typeof status === 'number' && status < 500) return null;
      // Node answers a request line longer than its header limit with 431 and closes the connection itself,
      // before any code of ours runs; the client, still sending, may see the close rather than the answer.
      if (path.length > maxHeaderSize && (code === 'ECONNRESET' || code === 'EPIPE')) return null;
      return timeout
        ? `no answer within ${timeout} ms`
        : `failed: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  async function addLink(client: Agent): Promise<string> {
    const response = await client
      .post('/api/links')
      .send({ title: 'A link', url: 'https://example.com/walk' })
      .expect(201);
    return (response.body as { id: string }).id;
  }

  /** A client for the operation: a newly signed-in creator (the call may sign them out or change them), the operators, or anyone. */
  async function callerFor(
    operation: Operation,
  ): Promise<{ client?: Agent; headers: Record<string, string>; values: Plausible }> {
    const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
    const values: Plausible = {
      username: owner.username,
      linkId: owner.linkId,
      email: () => `${unique('walk')}@example.com`,
      password: 'correct horse',
    };
    if (schemes.includes('operator'))
      return { headers: { Authorization: basicAuth(OPERATOR.user, OPERATOR.password) }, values };
    if (!schemes.includes('session')) return { headers: {}, values };
    const { client, user, details } = await signedInCreator(app);
    return {
      client,
      headers: {},
      values: { ...values, username: user.username, linkId: await addLink(client), password: details.password },
    };
  }

  it('answers every operation of the description below 500, whatever string any field holds', async () => {
    const failures: Failure[] = [];
    let calls = 0;
    for (const [template, item] of Object.entries(document.paths)) {
      for (const method of METHODS) {
        const operation = item[method];
        if (!operation) continue;
        const fields = stringFields(document, operation);
        if (fields.length === 0) continue;
        const caller = await callerFor(operation);
        const plausible = (field: Field) =>
          field.in === 'body'
            ? undefined
            : plausibleValue(
                document,
                operation.parameters?.find(({ name }) => name === field.name)?.schema,
                field.name,
                caller.values,
              );
        const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
        const validBody = bodySchema
          ? plausibleValue(document, resolve(document, bodySchema), '', caller.values)
          : undefined;
        for (const field of fields) {
          for (const [valueName, value, { refusedIn }] of VALUES) {
            const valueOf = (other: Field) => (other === field ? value : String(plausible(other)));
            const path = template.replace(/\{([^}]+)\}/g, (_, name: string) =>
              percentEncode(valueOf(fields.find((candidate) => candidate.in === 'path' && candidate.name === name)!)),
            );
            const query = fields
              .filter((candidate) => candidate.in === 'query')
              .map(
                (candidate) =>
                  `${encodeURIComponent((candidate as { name: string }).name)}=${percentEncode(valueOf(candidate))}`,
              )
              .join('&');
            const body = field.in === 'body' ? withValueAt(validBody, field.at, value) : validBody;
            calls += 1;
            const problem = await send({
              method,
              path: query ? `${path}?${query}` : path,
              body,
              client: caller.client,
              headers: caller.headers,
              refused: refusedIn.includes(field.in),
            });
            if (problem)
              failures.push({
                call: `${method.toUpperCase()} ${template} ${describeField(field)} = ${valueName}`,
                problem,
              });
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(200);
    expect(failures).toEqual([]);
  }, 600_000);

  it('answers the pages and hot paths beside the description below 500, signed in or not', async () => {
    const { client } = await signedInCreator(app);
    const routes: Array<[Place, (value: string) => string]> = [
      ['path', (value) => `/${value}`],
      ['path', (value) => `/${value}/`],
      ['path', (value) => `/go/${value}`],
      ['path', (value) => `/book/${value}`],
      ['path', (value) => `/booking/${value}`],
      ['path', (value) => `/api/users/${value}`],
      ['query', (value) => `/verify-email?token=${value}`],
      ['query', (value) => `/reset-password?token=${value}`],
      ['query', (value) => `/booking-success?payment_intent=${value}&payment_intent_client_secret=${value}`],
      ['query', (value) => `/${owner.username}?ref=${value}`],
      ['query', (value) => `/api/links?filter=${value}`],
      ['query', (value) => `/api/auth/me?x=${value}`],
      ['query', (value) => `/api/analytics?x=${value}`],
    ];
    // Beside the walk's values, escapes that do not decode (a browser would not send them) and an escaped control character.
    const segments: Array<[string, Place[]]> = [
      ...VALUES.map(([, value, { refusedIn }]): [string, Place[]] => [percentEncode(value), refusedIn]),
      ...['%ff', '%', '%E2%82', '%C0%80'].map((segment): [string, Place[]] => [segment, ['path']]),
      ['a%1Bb', EVERYWHERE],
    ];
    const failures: Failure[] = [];
    for (const [place, route] of routes) {
      for (const [segment, refusedIn] of segments) {
        const path = route(segment);
        const refused = refusedIn.includes(place);
        for (const call of [
          { method: 'get', path, refused },
          { method: 'get', path, client, refused },
        ] as Call[]) {
          const problem = await send(call);
          if (problem) failures.push({ call: `GET ${path.slice(0, 80)}${call.client ? ' (signed in)' : ''}`, problem });
        }
      }
    }
    for (const [segment] of segments) {
      const path = `/api/links/${segment}/click`;
      const problem = await send({ method: 'post', path, body: { x: '\uD800' }, refused: true });
      if (problem) failures.push({ call: `POST ${path.slice(0, 80)}`, problem });
    }
    // The click call's small body is read on the hot path itself.
    for (const body of [{ x: '\uD800' }, { ['\uDC00']: 1 }, { x: 'a\u0000b' }, { x: '\u0007' }]) {
      const problem = await send({ method: 'post', path: `/api/links/${owner.linkId}/click`, body, refused: true });
      if (problem) failures.push({ call: `POST /api/links/{id}/click with ${JSON.stringify(body)}`, problem });
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('says what is wrong: the same message for the same text in a body, a path or a query, before any field rule', async () => {
    const { client } = await signedInCreator(app);
    const refused = async (call: Promise<request.Response>, message: string) =>
      expect((await call).body).toEqual({ statusCode: 400, message });
    const support = (message: string) => client.post('/api/support-requests').send({ subject: 'Help', message });
    await refused(support('\uD800'), Messages.invalidCharacters);
    await refused(support('a\u0000b'), Messages.nulCharacter);
    await refused(support('ring \u0007'), Messages.invalidCharacters);
    // Past every field's own limit (a support message's is 5,000) and the cap, within the body's 64 kB.
    await refused(support('x'.repeat(TEXT_MAX_LENGTH + 1)), Messages.textTooLong);
    await refused(
      client.post('/api/links').send({ title: 'A link', url: 'https://example.com', ['\uDC00']: 1 }),
      Messages.invalidCharacters,
    );
    await refused(client.put('/api/links/order').send({ ids: ['\uD800'] }), Messages.invalidCharacters);
    await refused(request(server).get('/api/users/%ED%A0%80'), Messages.invalidCharacters);
    await refused(request(server).get('/book/%ff'), Messages.invalidCharacters);
    await refused(request(server).get('/verify-email?token=a%00b'), Messages.nulCharacter);
    await refused(client.get('/api/bookings?cursor=%1B'), Messages.invalidCharacters);
    // A stray percent sign in a shared link's query is read as the app's query parser reads it: the page shows.
    await request(server).get(`/${owner.username}?discount=50%`).expect(200);
    await client.get(`/${owner.username}?discount=50%&ref=%ff`).expect(200);
    // Tab, line feed and carriage return are text; so is a right-to-left override (the field's rules decide).
    expect((await support('Line one\r\n\tLine two \u202Eabc')).status).toBe(201);
  });

  it('leaves the Stripe webhook its raw body: a lone surrogate there is for its signature check to refuse', async () => {
    const response = await request(server)
      .post('/api/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', 't=1,v1=00')
      .send(JSON.stringify({ id: 'evt_\uD800', type: 'payment_intent.succeeded' }));
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body.message).not.toBe(Messages.invalidCharacters);
  });

  it('answers below 500 whatever the headers it reads hold', async () => {
    const { client } = await signedInCreator(app);
    const latin1 = 'ÿþ\u0080é'.repeat(2_000);
    const headerSets: Array<[string, Record<string, string>]> = [
      ['a long Latin-1 User-Agent and Referer', { 'User-Agent': latin1, Referer: `https://${latin1}/` }],
      ['a Referer that is no URL', { Referer: '%ff:/\u00ff' }],
      ['an X-Request-Id that is not plain', { 'X-Request-Id': `\u00ff${'z'.repeat(4_000)}` }],
      ['an Origin that is no URL', { Origin: 'http://\u00ff:99999' }],
      [
        'Basic credentials that decode to invalid UTF-8',
        { Authorization: `Basic ${Buffer.from([0xff, 0xfe, 0x3a, 0xed, 0xa0, 0x80]).toString('base64')}` },
      ],
      ['Basic credentials that are not base64', { Authorization: 'Basic %%%\u00ff' }],
      ['a session cookie that does not decode', { Cookie: `${SESSION_COOKIE}=%ff%ED%A0%80; ${DEVICE_COOKIE}=%ff` }],
      ['a device cookie of a lone surrogate', { Cookie: `${DEVICE_COOKIE}=%ED%A0%80~%00` }],
      ['a forwarded-for list of garbage', { 'X-Forwarded-For': `\u00ff, ${'1.'.repeat(2_000)}` }],
    ];
    const calls: Call[] = [
      { method: 'get', path: `/${owner.username}` },
      { method: 'get', path: `/go/${owner.linkId}` },
      { method: 'post', path: `/api/links/${owner.linkId}/click` },
      { method: 'get', path: `/api/users/${owner.username}` },
      { method: 'get', path: '/api/auth/me', client },
      { method: 'get', path: '/api/links', client },
      {
        method: 'post',
        path: '/api/auth/login',
        body: { email: `${unique('walk')}@example.com`, password: 'correct horse' },
      },
      { method: 'get', path: '/api/admin/payouts' },
      { method: 'get', path: '/metrics' },
      { method: 'get', path: '/admin/queues' },
      { method: 'get', path: `/booking/${randomUUID()}` },
    ];
    const failures: Failure[] = [];
    for (const [name, headers] of headerSets) {
      for (const call of calls) {
        const problem = await send({ ...call, headers });
        if (problem) failures.push({ call: `${call.method.toUpperCase()} ${call.path} with ${name}`, problem });
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
