import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { Messages } from '@linkbio/shared-contracts';
import { ATTEMPT_LIMITS } from '../src/modules/identity/infrastructure/flexible-attempt.limiter.js';
import { agent, Database, registration, signedInCreator, startApp, unique, uniqueIp } from './support/harness.js';

const COOKIE = 'linkbio.sid';

interface HttpResponse {
  status: number;
  text: string;
  headers: Record<string, string | string[] | undefined>;
}

/** The whole Set-Cookie line of the session cookie, if the response set one. */
function setSessionCookie(response: HttpResponse): string | undefined {
  const header = response.headers['set-cookie'];
  const lines = Array.isArray(header) ? header : header ? [header] : [];
  return lines.find((line) => line.startsWith(`${COOKIE}=`));
}

/** `linkbio.sid=<value>`, ready for a Cookie header. */
function sessionCookie(response: HttpResponse): string {
  const line = setSessionCookie(response);
  if (!line) throw new Error(`expected a ${COOKIE} cookie, got ${JSON.stringify(response.headers['set-cookie'])}`);
  return line.split(';')[0]!;
}

/** The attributes of a Set-Cookie line, lowercased names: { httponly: '', samesite: 'Lax', ... }. */
function attributesOf(line: string): Record<string, string> {
  return Object.fromEntries(
    line
      .split(';')
      .slice(1)
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...rest] = part.split('=');
        return [name!.toLowerCase(), rest.join('=')];
      }),
  );
}

function expectNoSecrets(response: HttpResponse, password = 'correct horse') {
  expect(response.text).not.toMatch(/argon2/i);
  expect(response.text).not.toMatch(/passwordHash|password_hash/i);
  expect(response.text).not.toContain(password);
}

describe('identity over HTTP', () => {
  let app: INestApplication;
  let db: Database;

  const server = () => app.getHttpServer();
  /** A request that carries exactly the given Cookie header and nothing the agent remembers. */
  const me = (cookie: string) =>
    request(server()).get('/api/auth/me').set('X-Forwarded-For', uniqueIp()).set('Cookie', cookie);
  const userCount = async (username: string) =>
    Number(
      (await db.query<{ n: string }>('select count(*) as n from users where lower(username) = lower($1)', [username]))
        .rows[0]!.n,
    );

  beforeAll(async () => {
    app = await startApp();
    db = new Database();
  });

  afterAll(async () => {
    await db.close();
    await app.close();
  });

  it('registers a creator, signs them in and shows their own view', async () => {
    const client = agent(app);
    const details = registration({ bio: 'Hello there' });
    const created = await client.post('/api/auth/register').send(details).expect(201);
    expect(created.body).toMatchObject({
      username: details.username,
      email: details.email,
      bio: 'Hello there',
      isPremium: false,
    });
    expect(created.body).not.toHaveProperty('passwordHash');
    const me = await client.get('/api/auth/me').expect(200);
    expect(me.body.id).toBe(created.body.id);
    expect(JSON.stringify(me.body)).not.toContain('argon2');
  });

  it('answers 401 to /api/auth/me without a session', async () => {
    const response = await agent(app).get('/api/auth/me').expect(401);
    expect(response.body).toEqual({ statusCode: 401, message: Messages.notSignedIn });
  });

  describe('registration', () => {
    it('returns the full own view with the spec defaults and stores the e-mail trimmed', async () => {
      const client = agent(app);
      const details = registration();
      const created = await client
        .post('/api/auth/register')
        .send({ ...details, email: `  ${details.email.toUpperCase()}  `, displayName: '  Ada  ', bio: '  ' })
        .expect(201);
      expect(created.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        username: details.username,
        email: details.email.toUpperCase(),
        displayName: 'Ada',
        bio: null,
        avatar: null,
        theme: 'default',
        backgroundColor: null,
        backgroundImage: null,
        buttonColor: null,
        buttonTextColor: null,
        buttonShape: 'rounded',
        paypalEmail: null,
        cashappHandle: null,
        enableBooking: false,
        bookingPrice: null,
        isPremium: false,
        emailVerified: false,
        createdAt: expect.any(String),
        socials: [],
        socialsPosition: 'top',
        seo: { title: null, description: null, image: null },
      });
      expect(setSessionCookie(created)).toBeDefined();
      const own = await client.get('/api/auth/me').expect(200);
      expect(own.body).toEqual(created.body);
    });

    it('accepts the longest allowed username, display name and bio, counting characters as the database does', async () => {
      const username = unique('m').padEnd(30, '0');
      const details = registration({ username, displayName: '😀'.repeat(50), bio: '❤'.repeat(160) });
      const created = await agent(app).post('/api/auth/register').send(details).expect(201);
      expect(created.body).toMatchObject({ username, displayName: details.displayName, bio: details.bio });
    });

    const invalid: Array<[string, Record<string, unknown>, string]> = [
      ['a two-letter username', { username: 'ab' }, Messages.usernameTooShort],
      ['an empty username', { username: '' }, Messages.usernameTooShort],
      ['a username that is not text', { username: 12345 }, Messages.usernameTooShort],
      ['an uppercase username', { username: 'AliceSmith' }, Messages.usernameCharacters],
      ['a username with an underscore', { username: 'alice_smith' }, Messages.usernameCharacters],
      ['a username with a space', { username: 'alice smith' }, Messages.usernameCharacters],
      ['a username with a dot', { username: 'alice.smith' }, Messages.usernameCharacters],
      ['a username with an accent', { username: 'zoë-page' }, Messages.usernameCharacters],
      ['a username starting with a hyphen', { username: '-alice' }, Messages.usernameHyphenEdges],
      ['a username ending with a hyphen', { username: 'alice-' }, Messages.usernameHyphenEdges],
      ['a 31-character username', { username: 'a'.repeat(31) }, Messages.usernameTooLong],
      ['the reserved username admin', { username: 'admin' }, Messages.usernameReserved],
      ['the reserved username api', { username: 'api' }, Messages.usernameReserved],
      ['the reserved username dashboard', { username: 'dashboard' }, Messages.usernameReserved],
      ['the reserved username booking-success', { username: 'booking-success' }, Messages.usernameReserved],
      ['an e-mail without a domain', { email: 'alice@' }, Messages.invalidEmail],
      ['an e-mail without an at sign', { email: 'alice.example.com' }, Messages.invalidEmail],
      ['an empty e-mail', { email: '' }, Messages.invalidEmail],
      ['a five-character password', { password: 'abcde', confirmPassword: 'abcde' }, Messages.passwordTooShort],
      [
        'a 201-character password',
        { password: 'p'.repeat(201), confirmPassword: 'p'.repeat(201) },
        Messages.passwordTooLong,
      ],
      ['an empty display name', { displayName: '' }, Messages.displayNameRequired],
      ['a blank display name', { displayName: '   ' }, Messages.displayNameRequired],
      ['a missing display name', { displayName: undefined }, Messages.displayNameRequired],
      ['a 51-character display name', { displayName: 'd'.repeat(51) }, Messages.displayNameTooLong],
      [
        'a display name of 50 emoji with variation selectors',
        { displayName: '❤️'.repeat(50) },
        Messages.displayNameTooLong,
      ],
      [
        'passwords that do not match',
        { password: 'correct horse', confirmPassword: 'correct horsf' },
        Messages.passwordsDontMatch,
      ],
      ['a 161-character bio', { bio: 'b'.repeat(161) }, Messages.bioTooLong],
      ['a bio of 160 emoji with variation selectors', { bio: '❤️'.repeat(160) }, Messages.bioTooLong],
      ['a bio that is not text', { bio: 42 }, Messages.mustBeText('Bio')],
    ];

    it.each(invalid)('refuses %s with the spec message and creates nobody', async (_name, overrides, message) => {
      const details: Record<string, unknown> = { ...registration(), ...overrides };
      const response = await agent(app).post('/api/auth/register').send(details).expect(400);
      expect(response.body.statusCode).toBe(400);
      expect(response.body.message).toBe(message);
      expect(setSessionCookie(response)).toBeUndefined();
      expectNoSecrets(response);
      if (typeof details.username === 'string' && details.username.length > 0)
        expect(await userCount(details.username)).toBe(0);
      const byEmail = await db.query('select 1 from users where lower(email) = lower($1)', [String(details.email)]);
      expect(byEmail.rowCount).toBe(0);
    });

    it('answers 409 "Username is already taken" for a claimed username', async () => {
      const { details } = await signedInCreator(app);
      const again = registration({ username: details.username, email: `${unique('other')}@example.com` });
      const response = await agent(app).post('/api/auth/register').send(again).expect(409);
      expect(response.body).toEqual({ statusCode: 409, message: Messages.usernameTaken });
      expect(await userCount(details.username)).toBe(1);
    });

    it('answers 409 "Email is already registered" for the same e-mail in another case', async () => {
      const name = unique('alice');
      await agent(app)
        .post('/api/auth/register')
        .send(registration({ username: name, email: `Alice.${name}@Example.com` }))
        .expect(201);
      for (const email of [`alice.${name}@example.com`, `ALICE.${name}@EXAMPLE.COM`, `  alice.${name}@example.com `]) {
        const response = await agent(app).post('/api/auth/register').send(registration({ email })).expect(409);
        expect(response.body).toEqual({ statusCode: 409, message: Messages.emailTaken });
      }
      const rows = await db.query('select 1 from users where lower(email) = lower($1)', [`alice.${name}@example.com`]);
      expect(rows.rowCount).toBe(1);
    });

    it('lets only one of two simultaneous sign-ups for the same username win', async () => {
      const username = unique('race');
      const [first, second] = await Promise.all([
        agent(app)
          .post('/api/auth/register')
          .send(registration({ username, email: `${username}.one@example.com` })),
        agent(app)
          .post('/api/auth/register')
          .send(registration({ username, email: `${username}.two@example.com` })),
      ]);
      expect([first.status, second.status].sort()).toEqual([201, 409]);
      const loser = first.status === 409 ? first : second;
      expect(loser.body).toEqual({ statusCode: 409, message: Messages.usernameTaken });
      expect(await userCount(username)).toBe(1);
    });

    it('lets only one of two simultaneous sign-ups for the same e-mail win', async () => {
      const email = `${unique('race')}@example.com`;
      const [first, second] = await Promise.all([
        agent(app).post('/api/auth/register').send(registration({ email })),
        agent(app)
          .post('/api/auth/register')
          .send(registration({ email: email.toUpperCase() })),
      ]);
      expect([first.status, second.status].sort()).toEqual([201, 409]);
      const loser = first.status === 409 ? first : second;
      expect(loser.body).toEqual({ statusCode: 409, message: Messages.emailTaken });
    });
  });

  describe('login', () => {
    it('signs a creator in with their e-mail in any case and surrounding spaces', async () => {
      const { details, user } = await signedInCreator(app);
      const client = agent(app);
      const response = await client
        .post('/api/auth/login')
        .send({ email: `  ${details.email.toUpperCase()} `, password: details.password })
        .expect(200);
      expect(response.body).toMatchObject({ id: user.id, username: details.username, email: details.email });
      expectNoSecrets(response);
      const own = await client.get('/api/auth/me').expect(200);
      expect(own.body.id).toBe(user.id);
    });

    it('gives the same 401 for a wrong password and for an unknown e-mail, and signs nobody in', async () => {
      const { details } = await signedInCreator(app);
      const wrongPassword = agent(app);
      const unknownEmail = agent(app);
      const a = await wrongPassword
        .post('/api/auth/login')
        .send({ email: details.email, password: 'not the password' })
        .expect(401);
      const b = await unknownEmail
        .post('/api/auth/login')
        .send({ email: `${unique('nobody')}@example.com`, password: 'not the password' })
        .expect(401);
      expect(a.body).toEqual({ statusCode: 401, message: Messages.invalidCredentials });
      expect(b.body).toEqual(a.body);
      expect(setSessionCookie(a)).toBeUndefined();
      expect(setSessionCookie(b)).toBeUndefined();
      await wrongPassword.get('/api/auth/me').expect(401);
      await unknownEmail.get('/api/auth/me').expect(401);
    });

    it.each([
      ['an invalid e-mail', { email: 'not-an-email', password: 'correct horse' }, Messages.invalidEmail],
      ['a missing e-mail', { password: 'correct horse' }, Messages.invalidEmail],
      ['a short password', { email: 'someone@example.com', password: 'abc' }, Messages.passwordTooShort],
      ['a missing password', { email: 'someone@example.com' }, Messages.passwordRequired],
      ['a password that is not text', { email: 'someone@example.com', password: 1234567 }, Messages.passwordRequired],
      [
        'an extra field',
        { email: 'someone@example.com', password: 'correct horse', remember: true },
        Messages.unexpectedField('remember'),
      ],
    ])('refuses %s with 400 and the spec message', async (_name, body, message) => {
      const response = await agent(app).post('/api/auth/login').send(body).expect(400);
      expect(response.body.message).toBe(message);
      expect(setSessionCookie(response)).toBeUndefined();
    });
  });

  describe('no response carries a password hash', () => {
    it('holds for every identity and settings response', async () => {
      const password = 'a very secret passphrase';
      const client = agent(app);
      const details = registration({ password });
      const responses: HttpResponse[] = [];
      responses.push(await client.post('/api/auth/register').send(details).expect(201));
      responses.push(await client.get('/api/auth/me').expect(200));
      responses.push(
        await client.put('/api/users/template').send({ theme: 'dark', backgroundColor: '#ffffff' }).expect(200),
      );
      responses.push(
        await client
          .put('/api/users/payout-settings')
          .send({ paypalEmail: 'pay@example.com', cashappHandle: 'cash' })
          .expect(200),
      );
      responses.push(
        await client.put('/api/users/booking-settings').send({ enableBooking: true, bookingPrice: '25' }).expect(200),
      );
      responses.push(await agent(app).get(`/api/users/${details.username}`).expect(200));
      responses.push(await client.post('/api/auth/logout').expect(200));
      responses.push(await client.post('/api/auth/login').send({ email: details.email, password }).expect(200));
      responses.push(
        await client
          .post('/api/auth/login')
          .send({ email: details.email, password: `${password}!` })
          .expect(401),
      );
      responses.push(await client.post('/api/auth/register').send(details).expect(409));
      responses.push(
        await client
          .post('/api/auth/register')
          .send({ ...details, confirmPassword: 'something else' })
          .expect(400),
      );
      for (const response of responses) expectNoSecrets(response, password);
      const stored = await db.query<{ password_hash: string }>('select password_hash from users where username = $1', [
        details.username,
      ]);
      expect(stored.rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
    });
  });

  describe('sessions', () => {
    it('sets the session cookie HttpOnly, SameSite=Lax, for the whole site, for 30 days, and not Secure over plain http', async () => {
      const response = await agent(app).post('/api/auth/register').send(registration()).expect(201);
      const line = setSessionCookie(response)!;
      const attributes = attributesOf(line);
      expect(attributes).toHaveProperty('httponly');
      expect(attributes.samesite).toBe('Lax');
      expect(attributes.path).toBe('/');
      expect(attributes).not.toHaveProperty('secure');
      const days = (Date.parse(attributes.expires!) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThan(30.1);
    });

    it('marks the cookie Secure behind a trusted proxy that terminated https', async () => {
      const details = registration();
      const registered = await agent(app)
        .post('/api/auth/register')
        .set('X-Forwarded-Proto', 'https')
        .send(details)
        .expect(201);
      expect(attributesOf(setSessionCookie(registered)!)).toHaveProperty('secure');
      const loggedIn = await agent(app)
        .post('/api/auth/login')
        .set('X-Forwarded-Proto', 'https')
        .send({ email: details.email, password: details.password })
        .expect(200);
      const attributes = attributesOf(setSessionCookie(loggedIn)!);
      expect(attributes).toHaveProperty('secure');
      expect(attributes).toHaveProperty('httponly');
      expect(attributes.samesite).toBe('Lax');
    });

    it('gives a new session id on login and the session cookie from before stops working', async () => {
      const client = agent(app);
      const details = registration();
      const before = sessionCookie(await client.post('/api/auth/register').send(details).expect(201));
      await me(before).expect(200);
      const login = await client
        .post('/api/auth/login')
        .send({ email: details.email, password: details.password })
        .expect(200);
      const after = sessionCookie(login);
      expect(after).not.toBe(before);
      await me(before).expect(401);
      const own = await me(after).expect(200);
      expect(own.body.username).toBe(details.username);
    });

    it('does not let a cookie planted before login (session fixation) carry the victim’s sign-in', async () => {
      const attacker = await signedInCreator(app);
      const planted = sessionCookie(
        await attacker.client
          .post('/api/auth/login')
          .send({ email: attacker.details.email, password: attacker.details.password })
          .expect(200),
      );
      const victim = await signedInCreator(app);
      await victim.client.post('/api/auth/logout').expect(200);

      const login = await request(server())
        .post('/api/auth/login')
        .set('X-Forwarded-For', uniqueIp())
        .set('Cookie', planted)
        .send({ email: victim.details.email, password: victim.details.password })
        .expect(200);
      const issued = sessionCookie(login);
      expect(issued).not.toBe(planted);
      await me(planted).expect(401);
      const own = await me(issued).expect(200);
      expect(own.body.id).toBe(victim.user.id);
    });

    it('ignores a forged session cookie and issues a fresh one on login', async () => {
      const forged = `${COOKIE}=s%3Aforged-session-id.c2lnbmF0dXJl`;
      await me(forged).expect(401);
      const { details } = await signedInCreator(app);
      const login = await request(server())
        .post('/api/auth/login')
        .set('X-Forwarded-For', uniqueIp())
        .set('Cookie', forged)
        .send({ email: details.email, password: details.password })
        .expect(200);
      expect(sessionCookie(login)).not.toBe(forged);
      await me(sessionCookie(login)).expect(200);
    });

    it('logs out: the cookie is cleared and replaying the saved cookie answers 401', async () => {
      const { client } = await signedInCreator(app);
      const saved = sessionCookie(await client.get('/api/auth/me').expect(200));
      await me(saved).expect(200);

      const logout = await client.post('/api/auth/logout').expect(200);
      const cleared = setSessionCookie(logout);
      expect(cleared).toBeDefined();
      expect(Date.parse(attributesOf(cleared!).expires!)).toBeLessThan(Date.now());

      const replay = await me(saved).expect(401);
      expect(replay.body).toEqual({ statusCode: 401, message: Messages.notSignedIn });
      await client.get('/api/auth/me').expect(401);
      await request(server()).put('/api/users/template').set('Cookie', saved).send({ theme: 'dark' }).expect(401);
    });

    it('logging out one device leaves the creator’s other sessions alone', async () => {
      const { client, details } = await signedInCreator(app);
      const phone = agent(app);
      await phone.post('/api/auth/login').send({ email: details.email, password: details.password }).expect(200);
      await client.post('/api/auth/logout').expect(200);
      await client.get('/api/auth/me').expect(401);
      await phone.get('/api/auth/me').expect(200);
    });

    it('answers logout without a session with 200', async () => {
      const response = await agent(app).post('/api/auth/logout').expect(200);
      expect(response.body).toEqual({ message: 'Signed out' });
    });

    it('keeps the signed-in creator across requests (rolling session)', async () => {
      const { client, user } = await signedInCreator(app);
      for (let i = 0; i < 3; i += 1) {
        const own = await client.get('/api/auth/me').expect(200);
        expect(own.body.id).toBe(user.id);
      }
    });
  });

  describe('rate limits', () => {
    const login = ATTEMPT_LIMITS.login;
    const register = ATTEMPT_LIMITS.register;

    function expectTooMany(
      response: HttpResponse & { body: { statusCode: number; message: string } },
      windowSeconds: number,
    ) {
      expect(response.status).toBe(429);
      const retryAfter = Number(response.headers['retry-after']);
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
      expect(response.body).toEqual({ statusCode: 429, message: Messages.tooManyAttempts(Math.ceil(retryAfter / 60)) });
      expect(response.body.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    }

    it(`limits login to ${login.perEmail} attempts per e-mail, whatever the address, without touching other e-mails`, async () => {
      const target = await signedInCreator(app);
      const bystander = await signedInCreator(app);
      const ip = uniqueIp();
      for (let i = 0; i < login.perEmail; i += 1) {
        await agent(app, ip)
          .post('/api/auth/login')
          .send({ email: target.details.email, password: `wrong-${i}-password` })
          .expect(401);
      }
      // Even the right password is refused now, from this address or any other.
      const blocked = await agent(app, ip)
        .post('/api/auth/login')
        .send({ email: target.details.email, password: target.details.password });
      expectTooMany(blocked, login.windowSeconds);
      expectTooMany(
        await agent(app)
          .post('/api/auth/login')
          .send({ email: target.details.email.toUpperCase(), password: target.details.password }),
        login.windowSeconds,
      );
      expect(setSessionCookie(blocked)).toBeUndefined();
      // Another e-mail from the same address is unaffected.
      await agent(app, ip)
        .post('/api/auth/login')
        .send({ email: bystander.details.email, password: bystander.details.password })
        .expect(200);
    });

    it('forgets an e-mail’s failed attempts after a successful login', async () => {
      const { details } = await signedInCreator(app);
      const ip = uniqueIp();
      for (let i = 0; i < login.perEmail - 1; i += 1) {
        await agent(app, ip)
          .post('/api/auth/login')
          .send({ email: details.email, password: 'wrong password' })
          .expect(401);
      }
      await agent(app, ip)
        .post('/api/auth/login')
        .send({ email: details.email, password: details.password })
        .expect(200);
      for (let i = 0; i < login.perEmail - 1; i += 1) {
        await agent(app, ip)
          .post('/api/auth/login')
          .send({ email: details.email, password: 'wrong password' })
          .expect(401);
      }
      await agent(app, ip)
        .post('/api/auth/login')
        .send({ email: details.email, password: details.password })
        .expect(200);
    });

    it(`limits login to ${login.perIp} attempts per client address, without touching other addresses`, async () => {
      const { details } = await signedInCreator(app);
      const ip = uniqueIp();
      for (let i = 0; i < login.perIp; i += 1) {
        await agent(app, ip)
          .post('/api/auth/login')
          .send({ email: `${unique('guess')}@example.com`, password: 'guessed password' })
          .expect(401);
      }
      expectTooMany(
        await agent(app, ip).post('/api/auth/login').send({ email: details.email, password: details.password }),
        login.windowSeconds,
      );
      await agent(app).post('/api/auth/login').send({ email: details.email, password: details.password }).expect(200);
    });

    it(`limits registration to ${register.perIp} attempts per client address, without touching other addresses`, async () => {
      const ip = uniqueIp();
      for (let i = 0; i < register.perIp; i += 1) {
        await agent(app, ip).post('/api/auth/register').send(registration()).expect(201);
      }
      const refused = registration();
      expectTooMany(await agent(app, ip).post('/api/auth/register').send(refused), register.windowSeconds);
      expect(await userCount(refused.username)).toBe(0);
      await agent(app).post('/api/auth/register').send(refused).expect(201);
    });

    it(`limits registration to ${register.perEmail} attempts per e-mail, without touching other e-mails`, async () => {
      const email = `${unique('spam')}@example.com`;
      const ip = uniqueIp();
      await agent(app, ip).post('/api/auth/register').send(registration({ email })).expect(201);
      for (let i = 1; i < register.perEmail; i += 1) {
        const response = await agent(app)
          .post('/api/auth/register')
          .send(registration({ email: i % 2 ? email.toUpperCase() : email }))
          .expect(409);
        expect(response.body.message).toBe(Messages.emailTaken);
      }
      expectTooMany(await agent(app).post('/api/auth/register').send(registration({ email })), register.windowSeconds);
      await agent(app, ip).post('/api/auth/register').send(registration()).expect(201);
    });
  });
});
