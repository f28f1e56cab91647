import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { Messages, type UserView } from '@linkbio/shared-contracts';
import { agent, type Agent, Database, registration, signedInCreator, startApp, unique } from './support/harness.js';

/** A body sent exactly as written, with its own Content-Type. */
class Raw {
  constructor(
    readonly text: string,
    readonly contentType = 'application/json',
  ) {}
}

type Body = Record<string, unknown> | unknown[] | Raw | undefined;

type Endpoint = 'register' | 'login' | 'template' | 'payout-settings' | 'booking-settings';

const ROUTES: Record<Endpoint, { method: 'post' | 'put'; path: string; signedIn: boolean }> = {
  register: { method: 'post', path: '/api/auth/register', signedIn: false },
  login: { method: 'post', path: '/api/auth/login', signedIn: false },
  template: { method: 'put', path: '/api/users/template', signedIn: true },
  'payout-settings': { method: 'put', path: '/api/users/payout-settings', signedIn: true },
  'booking-settings': { method: 'put', path: '/api/users/booking-settings', signedIn: true },
};

interface Row {
  endpoint: Endpoint;
  name: string;
  body: () => Body;
  status: number;
  /** The exact message, where one is owed; every row needs a non-empty one in any case. */
  message?: string;
  headers?: Record<string, string>;
  signedOut?: boolean;
}

const TEN_KB = 'x'.repeat(10_240);
const EVIL = 'https://evil.example';

/** Every name this file registers starts with the tag, so its rows can be told from other specs' rows. */
const tag = unique('sx');
let named = 0;
const name = () => `${tag}${(named += 1).toString(36)}`;
const newRegistration = (overrides: Record<string, unknown> = {}) => {
  const username = name();
  return { ...registration({ username, email: `${username}@example.com` }), ...overrides };
};

/** The creator the settings rows act as, and an account whose name and e-mail are taken. */
const creator = { username: `${tag}-owner`, email: `${tag}-owner@example.com`, password: 'correct horse', id: '' };

const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

/** Rows every state-changing endpoint must refuse the same way, around one valid body. */
function commonRows(endpoint: Endpoint, valid: () => Record<string, unknown>, field: string): Row[] {
  const json = () => JSON.stringify(valid());
  const withKey = (raw: string) => () => new Raw(`{${raw},${json().slice(1)}`);
  return [
    {
      endpoint,
      name: 'a cross-site Origin',
      body: valid,
      headers: { Origin: EVIL },
      status: 403,
      message: Messages.crossSite,
    },
    {
      endpoint,
      name: 'an Origin of "null"',
      body: valid,
      headers: { Origin: 'null' },
      status: 403,
      message: Messages.crossSite,
    },
    {
      endpoint,
      name: 'Sec-Fetch-Site: cross-site',
      body: valid,
      headers: { 'Sec-Fetch-Site': 'cross-site' },
      status: 403,
      message: Messages.crossSite,
    },
    {
      endpoint,
      name: 'malformed JSON',
      body: () => new Raw(json().slice(0, -1)),
      status: 400,
      message: Messages.malformedJson,
    },
    {
      endpoint,
      name: 'JSON with a trailing comma',
      body: () => new Raw(`${json().slice(0, -1)},}`),
      status: 400,
      message: Messages.malformedJson,
    },
    { endpoint, name: 'a JSON null', body: () => new Raw('null'), status: 400, message: Messages.malformedJson },
    { endpoint, name: 'a JSON string', body: () => new Raw('"hello"'), status: 400, message: Messages.malformedJson },
    { endpoint, name: 'a top-level array', body: () => [valid()], status: 400 },
    {
      endpoint,
      name: 'a form-encoded body',
      body: () =>
        new Raw(new URLSearchParams(valid() as Record<string, string>).toString(), 'application/x-www-form-urlencoded'),
      status: 415,
      message: Messages.jsonOnly,
    },
    {
      endpoint,
      name: 'JSON sent as text/plain',
      body: () => new Raw(json(), 'text/plain'),
      status: 415,
      message: Messages.jsonOnly,
    },
    {
      endpoint,
      name: 'a multipart body',
      body: () =>
        new Raw(
          `--b\r\nContent-Disposition: form-data; name="${field}"\r\n\r\nx\r\n--b--\r\n`,
          'multipart/form-data; boundary=b',
        ),
      status: 415,
      message: Messages.jsonOnly,
    },
    {
      endpoint,
      name: 'a __proto__ key',
      body: withKey('"__proto__":{"isPremium":true}'),
      status: 400,
      message: Messages.unexpectedField('__proto__'),
    },
    {
      endpoint,
      name: 'a constructor key',
      body: withKey('"constructor":{"prototype":{"isPremium":true}}'),
      status: 400,
      message: Messages.unexpectedField('constructor'),
    },
    {
      endpoint,
      name: `a __proto__ key inside ${field}`,
      body: () =>
        new Raw(
          JSON.stringify({ ...valid(), [field]: 'PLACEHOLDER' }).replace(
            '"PLACEHOLDER"',
            '{"__proto__":{"admin":true}}',
          ),
        ),
      status: 400,
      message: Messages.unexpectedField('__proto__'),
    },
    {
      endpoint,
      name: 'an unknown field',
      body: () => ({ ...valid(), isPremium: true }),
      status: 400,
      message: Messages.unexpectedField('isPremium'),
    },
    { endpoint, name: `a 10 kB ${field}`, body: () => ({ ...valid(), [field]: TEN_KB }), status: 400 },
    { endpoint, name: `${field} as an object`, body: () => ({ ...valid(), [field]: { toString: 'x' } }), status: 400 },
    { endpoint, name: `${field} as an array`, body: () => ({ ...valid(), [field]: ['a', 'b'] }), status: 400 },
    {
      endpoint,
      name: `a NUL character in ${field}`,
      body: () => ({ ...valid(), [field]: `a\u0000b` }),
      status: 400,
      message: Messages.nulCharacter,
    },
    {
      endpoint,
      name: 'JSON nested 20 000 levels deep',
      body: () =>
        new Raw(JSON.stringify({ ...valid(), [field]: 'PLACEHOLDER' }).replace('"PLACEHOLDER"', deep(20_000))),
      status: 400,
      message: Messages.bodyTooDeep,
    },
    {
      endpoint,
      name: 'a 100 kB body',
      body: () => ({ ...valid(), [field]: 'x'.repeat(100_000) }),
      status: 413,
      message: Messages.bodyTooLarge,
    },
  ];
}

const validLogin = () => ({ email: creator.email, password: 'a wrong password' });
const validTemplate = () => ({ theme: 'vibrant', backgroundColor: '#ffffff', backgroundImage: null });
const validPayout = () => ({ paypalEmail: `${tag}-new@example.com`, cashappHandle: 'newhandle' });
const validBooking = () => ({ enableBooking: true, bookingPrice: '99.99' });

const rows: Row[] = [
  // POST /api/auth/register
  ...commonRows('register', newRegistration, 'username'),
  { endpoint: 'register', name: 'no body', body: () => undefined, status: 400, message: Messages.usernameTooShort },
  { endpoint: 'register', name: 'an empty object', body: () => ({}), status: 400, message: Messages.usernameTooShort },
  {
    endpoint: 'register',
    name: 'a missing e-mail',
    body: () => newRegistration({ email: undefined }),
    status: 400,
    message: Messages.invalidEmail,
  },
  {
    endpoint: 'register',
    name: 'a missing password',
    body: () => newRegistration({ password: undefined }),
    status: 400,
    message: Messages.passwordTooShort,
  },
  {
    endpoint: 'register',
    name: 'a missing confirmPassword',
    body: () => newRegistration({ confirmPassword: undefined }),
    status: 400,
    message: Messages.passwordTooShort,
  },
  {
    endpoint: 'register',
    name: 'a missing displayName',
    body: () => newRegistration({ displayName: undefined }),
    status: 400,
    message: Messages.displayNameRequired,
  },
  {
    endpoint: 'register',
    name: 'a numeric username',
    body: () => newRegistration({ username: 12345 }),
    status: 400,
    message: Messages.usernameTooShort,
  },
  {
    endpoint: 'register',
    name: 'a numeric e-mail',
    body: () => newRegistration({ email: 12345 }),
    status: 400,
    message: Messages.invalidEmail,
  },
  {
    endpoint: 'register',
    name: 'a numeric password',
    body: () => newRegistration({ password: 1234567, confirmPassword: 1234567 }),
    status: 400,
    message: Messages.passwordTooShort,
  },
  {
    endpoint: 'register',
    name: 'a boolean displayName',
    body: () => newRegistration({ displayName: true }),
    status: 400,
    message: Messages.displayNameRequired,
  },
  {
    endpoint: 'register',
    name: 'a numeric bio',
    body: () => newRegistration({ bio: 5 }),
    status: 400,
    message: Messages.mustBeText('Bio'),
  },
  {
    endpoint: 'register',
    name: 'a 10 kB e-mail',
    body: () => newRegistration({ email: `${TEN_KB}@example.com` }),
    status: 400,
    message: Messages.invalidEmail,
  },
  {
    endpoint: 'register',
    name: 'a 10 kB password',
    body: () => newRegistration({ password: TEN_KB, confirmPassword: TEN_KB }),
    status: 400,
    message: Messages.passwordTooLong,
  },
  {
    endpoint: 'register',
    name: 'a 10 kB displayName',
    body: () => newRegistration({ displayName: TEN_KB }),
    status: 400,
    message: Messages.displayNameTooLong,
  },
  {
    endpoint: 'register',
    name: 'a 10 kB bio',
    body: () => newRegistration({ bio: TEN_KB }),
    status: 400,
    message: Messages.bioTooLong,
  },
  {
    endpoint: 'register',
    name: 'a NUL in the display name',
    body: () => newRegistration({ displayName: 'Ada\u0000' }),
    status: 400,
    message: Messages.nulCharacter,
  },
  {
    endpoint: 'register',
    name: 'a NUL in the bio',
    body: () => newRegistration({ bio: '\u0000' }),
    status: 400,
    message: Messages.nulCharacter,
  },
  {
    endpoint: 'register',
    name: 'markup as username',
    body: () => newRegistration({ username: '<script>x</script>' }),
    status: 400,
    message: Messages.usernameCharacters,
  },
  {
    endpoint: 'register',
    name: 'a reserved username',
    body: () => newRegistration({ username: 'admin' }),
    status: 400,
    message: Messages.usernameReserved,
  },
  {
    endpoint: 'register',
    name: 'a taken username',
    body: () => newRegistration({ username: creator.username }),
    status: 409,
    message: Messages.usernameTaken,
  },
  {
    endpoint: 'register',
    name: 'a taken e-mail in capitals',
    body: () => newRegistration({ email: creator.email.toUpperCase() }),
    status: 409,
    message: Messages.emailTaken,
  },
  {
    endpoint: 'register',
    name: 'isPremium',
    body: () => newRegistration({ isPremium: true }),
    status: 400,
    message: Messages.unexpectedField('isPremium'),
  },
  {
    endpoint: 'register',
    name: 'a passwordHash',
    body: () => newRegistration({ passwordHash: 'x' }),
    status: 400,
    message: Messages.unexpectedField('passwordHash'),
  },
  {
    endpoint: 'register',
    name: 'an id',
    body: () => newRegistration({ id: '00000000-0000-4000-8000-000000000000' }),
    status: 400,
    message: Messages.unexpectedField('id'),
  },

  // POST /api/auth/login
  ...commonRows('login', validLogin, 'email'),
  { endpoint: 'login', name: 'no body', body: () => undefined, status: 400, message: Messages.invalidEmail },
  {
    endpoint: 'login',
    name: 'a missing password',
    body: () => ({ email: creator.email }),
    status: 400,
    message: Messages.passwordRequired,
  },
  {
    endpoint: 'login',
    name: 'a numeric e-mail',
    body: () => ({ email: 42, password: 'correct horse' }),
    status: 400,
    message: Messages.invalidEmail,
  },
  {
    endpoint: 'login',
    name: 'a numeric password',
    body: () => ({ email: creator.email, password: 12345678 }),
    status: 400,
    message: Messages.passwordRequired,
  },
  {
    endpoint: 'login',
    name: 'a 10 kB password',
    body: () => ({ email: creator.email, password: TEN_KB }),
    status: 400,
    message: Messages.passwordTooLong,
  },
  {
    endpoint: 'login',
    name: 'an SQL-looking e-mail',
    body: () => ({ email: "' or 1=1 --@example.com", password: 'correct horse' }),
    status: 400,
  },
  { endpoint: 'login', name: 'a wrong password', body: validLogin, status: 401, message: Messages.invalidCredentials },
  {
    endpoint: 'login',
    name: 'an unknown e-mail',
    body: () => ({ email: `${name()}@example.com`, password: 'correct horse' }),
    status: 401,
    message: Messages.invalidCredentials,
  },

  // PUT /api/users/template
  ...commonRows('template', validTemplate, 'backgroundColor'),
  {
    endpoint: 'template',
    name: 'no session',
    body: validTemplate,
    signedOut: true,
    status: 401,
    message: Messages.notSignedIn,
  },
  {
    endpoint: 'template',
    name: 'an unknown theme',
    body: () => ({ theme: 'hacker' }),
    status: 400,
    message: Messages.invalidTheme,
  },
  {
    endpoint: 'template',
    name: 'a numeric theme',
    body: () => ({ theme: 2 }),
    status: 400,
    message: Messages.invalidTheme,
  },
  {
    endpoint: 'template',
    name: 'a null theme',
    body: () => ({ theme: null }),
    status: 400,
    message: Messages.invalidTheme,
  },
  {
    endpoint: 'template',
    name: 'CSS injection in the colour',
    body: () => ({ backgroundColor: 'red;background:url(javascript:alert(1))' }),
    status: 400,
    message: Messages.invalidColor,
  },
  {
    endpoint: 'template',
    name: 'rgb() as colour',
    body: () => ({ backgroundColor: 'rgb(0,0,0)' }),
    status: 400,
    message: Messages.invalidColor,
  },
  {
    endpoint: 'template',
    name: 'a three-digit hex colour',
    body: () => ({ backgroundColor: '#fff' }),
    status: 400,
    message: Messages.invalidColor,
  },
  {
    endpoint: 'template',
    name: 'a colour with a trailing declaration',
    body: () => ({ backgroundColor: '#ffffff;color:red' }),
    status: 400,
    message: Messages.invalidColor,
  },
  {
    endpoint: 'template',
    name: 'a colour with a newline',
    body: () => ({ backgroundColor: '#ffffff\n' }),
    status: 400,
    message: Messages.invalidColor,
  },
  {
    endpoint: 'template',
    name: 'a numeric colour',
    body: () => ({ backgroundColor: 16777215 }),
    status: 400,
    message: Messages.invalidColor,
  },
  {
    endpoint: 'template',
    name: 'a non-preset colour on the free plan',
    body: () => ({ backgroundColor: '#123456' }),
    status: 403,
    message: Messages.presetColorsOnly,
  },
  {
    endpoint: 'template',
    name: 'an image that was not uploaded',
    body: () => ({ backgroundImage: 'https://evil.example/x.png' }),
    status: 400,
    message: Messages.imageNotUploaded,
  },
  {
    endpoint: 'template',
    name: 'a javascript: image',
    body: () => ({ backgroundImage: 'javascript:alert(1)' }),
    status: 400,
    message: Messages.imageNotUploaded,
  },
  {
    endpoint: 'template',
    name: 'a CSS url() image',
    body: () => ({ backgroundImage: 'url(https://evil.example/x.png)' }),
    status: 400,
    message: Messages.imageNotUploaded,
  },
  {
    endpoint: 'template',
    name: 'a 10 kB image',
    body: () => ({ backgroundImage: TEN_KB }),
    status: 400,
    message: Messages.imageNotUploaded,
  },
  {
    endpoint: 'template',
    name: 'a numeric image',
    body: () => ({ backgroundImage: 1 }),
    status: 400,
    message: Messages.imageNotUploaded,
  },
  {
    endpoint: 'template',
    name: 'a colour and an image',
    body: () => ({ backgroundColor: '#ffffff', backgroundImage: 'https://cdn.example.com/a.png' }),
    status: 400,
    message: Messages.colorOrImage,
  },

  // PUT /api/users/payout-settings
  ...commonRows('payout-settings', validPayout, 'paypalEmail'),
  {
    endpoint: 'payout-settings',
    name: 'no session',
    body: validPayout,
    signedOut: true,
    status: 401,
    message: Messages.notSignedIn,
  },
  {
    endpoint: 'payout-settings',
    name: 'a PayPal address that is no e-mail',
    body: () => ({ paypalEmail: 'paypal.me/someone' }),
    status: 400,
    message: Messages.invalidPaypalEmail,
  },
  {
    endpoint: 'payout-settings',
    name: 'a numeric PayPal address',
    body: () => ({ paypalEmail: 1 }),
    status: 400,
    message: Messages.invalidPaypalEmail,
  },
  {
    endpoint: 'payout-settings',
    name: 'a boolean PayPal address',
    body: () => ({ paypalEmail: false }),
    status: 400,
    message: Messages.invalidPaypalEmail,
  },
  {
    endpoint: 'payout-settings',
    name: 'a 10 kB PayPal address',
    body: () => ({ paypalEmail: `${TEN_KB}@example.com` }),
    status: 400,
    message: Messages.invalidPaypalEmail,
  },
  {
    endpoint: 'payout-settings',
    name: 'a CashApp handle with a space',
    body: () => ({ cashappHandle: 'my handle' }),
    status: 400,
    message: Messages.invalidCashappHandle,
  },
  {
    endpoint: 'payout-settings',
    name: 'markup as CashApp handle',
    body: () => ({ cashappHandle: '<img src=x onerror=alert(1)>' }),
    status: 400,
    message: Messages.invalidCashappHandle,
  },
  {
    endpoint: 'payout-settings',
    name: 'a 21-character CashApp handle',
    body: () => ({ cashappHandle: 'c'.repeat(21) }),
    status: 400,
    message: Messages.invalidCashappHandle,
  },
  {
    endpoint: 'payout-settings',
    name: 'a 10 kB CashApp handle',
    body: () => ({ cashappHandle: TEN_KB }),
    status: 400,
    message: Messages.invalidCashappHandle,
  },
  {
    endpoint: 'payout-settings',
    name: 'a numeric CashApp handle',
    body: () => ({ cashappHandle: 12345 }),
    status: 400,
    message: Messages.invalidCashappHandle,
  },

  // PUT /api/users/booking-settings
  ...commonRows('booking-settings', validBooking, 'bookingPrice'),
  {
    endpoint: 'booking-settings',
    name: 'no session',
    body: validBooking,
    signedOut: true,
    status: 401,
    message: Messages.notSignedIn,
  },
  {
    endpoint: 'booking-settings',
    name: 'no body',
    body: () => undefined,
    status: 400,
    message: Messages.enableBookingBoolean,
  },
  {
    endpoint: 'booking-settings',
    name: 'a missing enableBooking',
    body: () => ({ bookingPrice: '30' }),
    status: 400,
    message: Messages.enableBookingBoolean,
  },
  {
    endpoint: 'booking-settings',
    name: 'enableBooking as text',
    body: () => ({ enableBooking: 'false', bookingPrice: '30' }),
    status: 400,
    message: Messages.enableBookingBoolean,
  },
  {
    endpoint: 'booking-settings',
    name: 'enableBooking as a number',
    body: () => ({ enableBooking: 0 }),
    status: 400,
    message: Messages.enableBookingBoolean,
  },
  {
    endpoint: 'booking-settings',
    name: 'a negative price',
    body: () => ({ enableBooking: true, bookingPrice: '-1' }),
    status: 400,
    message: Messages.invalidBookingPrice,
  },
  {
    endpoint: 'booking-settings',
    name: 'an exponent price',
    body: () => ({ enableBooking: true, bookingPrice: '1e3' }),
    status: 400,
    message: Messages.invalidBookingPrice,
  },
  {
    endpoint: 'booking-settings',
    name: 'a price with three decimals',
    body: () => ({ enableBooking: true, bookingPrice: '12.345' }),
    status: 400,
    message: Messages.invalidBookingPrice,
  },
  {
    endpoint: 'booking-settings',
    name: 'a word as price',
    body: () => ({ enableBooking: true, bookingPrice: 'abc' }),
    status: 400,
    message: Messages.invalidBookingPrice,
  },
  {
    endpoint: 'booking-settings',
    name: 'a numeric price',
    body: () => ({ enableBooking: true, bookingPrice: 25 }),
    status: 400,
    message: Messages.invalidBookingPrice,
  },
  {
    endpoint: 'booking-settings',
    name: 'a negative numeric price',
    body: () => ({ enableBooking: true, bookingPrice: -25 }),
    status: 400,
    message: Messages.invalidBookingPrice,
  },
  {
    endpoint: 'booking-settings',
    name: 'a price under $1',
    body: () => ({ enableBooking: true, bookingPrice: '0.5' }),
    status: 400,
    message: Messages.bookingPriceRange,
  },
  {
    endpoint: 'booking-settings',
    name: 'a price over $10,000',
    body: () => ({ enableBooking: true, bookingPrice: '10000.01' }),
    status: 400,
    message: Messages.bookingPriceRange,
  },
  {
    endpoint: 'booking-settings',
    name: 'a price that clears while booking stays on',
    body: () => ({ enableBooking: true, bookingPrice: null }),
    status: 400,
    message: Messages.bookingPriceRequired,
  },
  {
    endpoint: 'booking-settings',
    name: 'an amount in cents',
    body: () => ({ enableBooking: true, bookingPrice: '30', amount: 1 }),
    status: 400,
    message: Messages.unexpectedField('amount'),
  },
];

describe('security of the HTTP API', () => {
  let app: INestApplication;
  let db: Database;
  let ownOrigin: string;
  let owner: Agent;

  beforeAll(async () => {
    app = await startApp();
    await app.listen(0, '127.0.0.1');
    ownOrigin = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    db = new Database();
    const signedIn = await signedInCreator(app, {
      username: creator.username,
      email: creator.email,
      password: creator.password,
    });
    owner = signedIn.client;
    creator.id = signedIn.user.id;
    // Something for every bad row to disturb: a colour, payout details and a bookable price.
    await owner.put('/api/users/template').send({ theme: 'dark', backgroundColor: '#f0f9ff' }).expect(200);
    await owner
      .put('/api/users/payout-settings')
      .send({ paypalEmail: 'owner@example.com', cashappHandle: 'owner' })
      .expect(200);
    await owner.put('/api/users/booking-settings').send({ enableBooking: true, bookingPrice: '25' }).expect(200);
  });

  afterAll(async () => {
    await db.close();
    await app.close();
  });

  const own = async (): Promise<UserView> => (await owner.get('/api/auth/me').expect(200)).body as UserView;

  /**
   * Database.fingerprint() restricted to the rows this file's requests can reach: the users it registered
   * or could have registered (by tag, or by any name or address a body carries), their links and analytics,
   * and rate-limit counters for them. The unrestricted fingerprint also covers other spec files, which run
   * at the same time in the other Jest worker and change the database between any two reads.
   */
  async function fingerprint(body: Body): Promise<string> {
    // PostgreSQL text cannot hold NUL, so no row can carry such a string.
    const names = [...stringsOf(body)].filter((s) => !s.includes('\u0000')).map((s) => s.toLowerCase());
    const digest = (from: string) =>
      `(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${from})`;
    const result = await db.query<{ digest: string }>(
      `with scoped as (
         select * from users
         where id = $1 or lower(username) like $2 or lower(email) like $2
            or lower(username) = any($3::text[]) or lower(email) = any($3::text[])
       )
       select concat_ws(' ',
         ${digest('scoped t')},
         ${digest('links t where t.owner_id in (select id from scoped)')},
         ${digest('analytics_daily t where t.owner_id in (select id from scoped)')},
         ${digest(`rate_limits t where t.key like '%' || $4 || '%' or split_part(t.key, ':', 2) = any($3::text[])`)}
       ) as digest`,
      [creator.id, `${tag}%`, names, tag],
    );
    return result.rows[0]!.digest;
  }

  async function send(row: Row, body: Body) {
    const route = ROUTES[row.endpoint];
    const client = route.signedIn && !row.signedOut ? owner : agent(app);
    let call = client[route.method](route.path);
    for (const [header, value] of Object.entries(row.headers ?? {})) call = call.set(header, value);
    if (body instanceof Raw) return call.set('Content-Type', body.contentType).send(body.text);
    if (body === undefined) return call;
    return call.send(body as object);
  }

  describe('bad input never changes anything and always gets a 4xx with a message', () => {
    it('(the fingerprint notices a sign-up, a settings change and a counted attempt)', async () => {
      const details = newRegistration();
      const atStart = await fingerprint(details);
      await agent(app).post('/api/auth/register').send(details).expect(201);
      const afterSignUp = await fingerprint(details);
      expect(afterSignUp).not.toBe(atStart);
      await owner.put('/api/users/payout-settings').send({ cashappHandle: 'changed' }).expect(200);
      const afterChange = await fingerprint(details);
      expect(afterChange).not.toBe(afterSignUp);
      await owner.put('/api/users/payout-settings').send({ cashappHandle: 'owner' }).expect(200);
      const beforeAttempt = await fingerprint(details);
      await db.query('insert into rate_limits (key, points, expire) values ($1, 1, null)', [
        `login_email:${details.email}`,
      ]);
      expect(await fingerprint(details)).not.toBe(beforeAttempt);
      await db.query('delete from rate_limits where key = $1', [`login_email:${details.email}`]);
      expect(await fingerprint(details)).toBe(beforeAttempt);
    });

    it.each(rows)('$endpoint: $name → $status', async (row) => {
      const ownBefore = await own();
      const body = row.body();
      const before = await fingerprint(body);
      const response = await send(row, body);

      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.status).toBe(row.status);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.body.statusCode).toBe(row.status);
      expect(typeof response.body.message).toBe('string');
      expect(response.body.message.trim()).not.toBe('');
      if (row.message !== undefined) expect(response.body.message).toBe(row.message);
      expect(response.text).not.toMatch(/\$argon2|node_modules|\bat .*\.js:\d+/);
      if (!ROUTES[row.endpoint].signedIn) expect(response.headers['set-cookie']).toBeUndefined();

      expect(await fingerprint(body)).toBe(before);
      expect(await own()).toEqual(ownBefore);
    });
  });

  describe('cross-site request forgery', () => {
    it('refuses a state change from another site and changes nothing', async () => {
      const before = await own();
      const response = await owner
        .put('/api/users/payout-settings')
        .set('Origin', EVIL)
        .send({ paypalEmail: 'attacker@evil.example' })
        .expect(403);
      expect(response.body).toEqual({ statusCode: 403, message: Messages.crossSite });
      expect(await own()).toEqual(before);
    });

    it('refuses a cross-site logout, and the session keeps working', async () => {
      await owner.post('/api/auth/logout').set('Origin', EVIL).expect(403);
      await owner.post('/api/auth/logout').set('Sec-Fetch-Site', 'cross-site').expect(403);
      await owner.get('/api/auth/me').expect(200);
    });

    it('refuses a cross-site login (login CSRF) and sets no cookie', async () => {
      const response = await agent(app)
        .post('/api/auth/login')
        .set('Origin', EVIL)
        .send({ email: creator.email, password: creator.password })
        .expect(403);
      expect(response.headers['set-cookie']).toBeUndefined();
    });

    it.each([
      ['a look-alike host', (own: string) => `${own}.evil.example`],
      ['the own host as a path', (own: string) => `${EVIL}/${own.replace('http://', '')}`],
      ['the own host as user info', (own: string) => `http://${own.replace('http://', '')}@evil.example`],
      ['another port', (own: string) => own.replace(/:\d+$/, ':1')],
    ])('refuses an Origin with %s', async (_name, makeOrigin) => {
      const before = await own();
      await owner
        .put('/api/users/template')
        .set('Origin', makeOrigin(ownOrigin))
        .send({ theme: 'vibrant' })
        .expect(403);
      expect(await own()).toEqual(before);
    });

    it('accepts the same origin, as a browser on the site sends it', async () => {
      const response = await owner
        .put('/api/users/template')
        .set('Origin', ownOrigin)
        .set('Sec-Fetch-Site', 'same-origin')
        .send({ theme: 'vibrant', backgroundColor: '#fefce8' })
        .expect(200);
      expect(response.body.user).toMatchObject({ theme: 'vibrant', backgroundColor: '#fefce8' });
      expect(await own()).toMatchObject({ theme: 'vibrant', backgroundColor: '#fefce8' });

      const details = newRegistration();
      await agent(app).post('/api/auth/register').set('Origin', ownOrigin).send(details).expect(201);
      await agent(app)
        .post('/api/auth/login')
        .set('Origin', ownOrigin)
        .send({ email: details.email, password: details.password })
        .expect(200);
    });

    it('accepts calls without Origin or Sec-Fetch-Site (not from a browser)', async () => {
      await owner.put('/api/users/template').send({ theme: 'dark' }).expect(200);
      expect((await own()).theme).toBe('dark');
    });

    it('lets another site read nothing: no CORS headers, even for a preflight', async () => {
      const read = await owner.get('/api/auth/me').set('Origin', EVIL).expect(200);
      expect(read.headers['access-control-allow-origin']).toBeUndefined();
      expect(read.headers['access-control-allow-credentials']).toBeUndefined();
      const preflight = await request(app.getHttpServer())
        .options('/api/users/template')
        .set('Origin', EVIL)
        .set('Access-Control-Request-Method', 'PUT')
        .set('Access-Control-Request-Headers', 'content-type');
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
    });
  });

  describe('request bodies', () => {
    it('refuses form-encoded and text/plain bodies with 415', async () => {
      const before = await own();
      const form = await owner.put('/api/users/template').type('form').send('theme=vibrant');
      const text = await owner.put('/api/users/template').set('Content-Type', 'text/plain').send('{"theme":"vibrant"}');
      for (const response of [form, text])
        expect(response.body).toEqual({ statusCode: 415, message: Messages.jsonOnly });
      expect(await own()).toEqual(before);
    });

    it('answers malformed JSON with 400 and the malformed-JSON message', async () => {
      const response = await owner
        .put('/api/users/template')
        .set('Content-Type', 'application/json')
        .send('{"theme": "dark"');
      expect(response.body).toEqual({ statusCode: 400, message: Messages.malformedJson });
    });

    it('answers a 100 kB body with 413', async () => {
      const before = await own();
      const response = await owner
        .put('/api/users/payout-settings')
        .send({ paypalEmail: `${'p'.repeat(100_000)}@example.com` });
      expect(response.body).toEqual({ statusCode: 413, message: Messages.bodyTooLarge });
      expect(await own()).toEqual(before);
    });

    it.each(['__proto__', 'constructor', 'prototype'])(
      'refuses a %s key at any depth and pollutes no prototype',
      async (key) => {
        const top = await owner
          .put('/api/users/template')
          .set('Content-Type', 'application/json')
          .send(`{"${key}":{"polluted":"yes"}}`);
        expect(top.body).toEqual({ statusCode: 400, message: Messages.unexpectedField(key) });
        const nested = await agent(app)
          .post('/api/auth/register')
          .set('Content-Type', 'application/json')
          .send(`{"username":"x","extra":[{"a":{"${key}":{"polluted":"yes"}}}]}`);
        expect(nested.body).toEqual({ statusCode: 400, message: Messages.unexpectedField(key) });
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        expect(Object.prototype).not.toHaveProperty('polluted');
      },
    );

    it('refuses a NUL character anywhere in a body', async () => {
      const response = await agent(app)
        .post('/api/auth/register')
        .send(newRegistration({ displayName: 'Ada\u0000Lovelace' }));
      expect(response.body).toEqual({ statusCode: 400, message: Messages.nulCharacter });
    });

    it('refuses bodies nested deeper than any request needs', async () => {
      const response = await owner
        .put('/api/users/template')
        .set('Content-Type', 'application/json')
        .send(`{"theme":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`);
      expect(response.body).toEqual({ statusCode: 400, message: Messages.bodyTooDeep });
    });
  });

  describe('odd paths', () => {
    it('refuses a public-page lookup with a NUL byte with 400, as any text holding one', async () => {
      const response = await agent(app).get('/api/users/ab%00cd').expect(400);
      expect(response.body).toEqual({ statusCode: 400, message: Messages.nulCharacter });
    });

    it('answers a username that cannot be decoded with 400', async () => {
      const response = await agent(app).get('/api/users/ab%ffcd').expect(400);
      expect(typeof response.body.message).toBe('string');
    });

    it('answers an unknown API path with a JSON 404', async () => {
      const response = await agent(app).get('/api/nothing-here').expect(404);
      expect(response.body).toEqual({ statusCode: 404, message: Messages.notFound });
    });
  });
});

/** Every string in a body (names and addresses a request could create an account with), short ones only. */
function stringsOf(body: Body): Set<string> {
  const found = new Set<string>();
  const visit = (value: unknown, depth: number) => {
    if (depth > 8) return;
    if (typeof value === 'string' && value.length <= 300) found.add(value.trim());
    else if (Array.isArray(value)) value.forEach((v) => visit(v, depth + 1));
    else if (value && typeof value === 'object') Object.values(value).forEach((v) => visit(v, depth + 1));
  };
  if (body instanceof Raw) {
    try {
      visit(JSON.parse(body.text), 0);
    } catch {
      for (const [text] of body.text.matchAll(/[^\s"=&:,{}[\]]+/g))
        if (text.length <= 300) found.add(safelyDecoded(text));
    }
  } else visit(body, 0);
  return found;
}

function safelyDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
