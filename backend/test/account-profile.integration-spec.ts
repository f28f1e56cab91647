import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { AccountMessages, Messages, type UserView } from '@linkbio/shared-contracts';
import { agent, type Agent, Database, signedInCreator, startApp, unique } from './support/harness.js';

/*
 * The creator's profile and username over HTTP (issue 14): PUT /api/users/profile shows on the public page at
 * the next request; both calls refuse every bad input with a clear 4xx and change nothing. The change of
 * username itself (redirects, holds, two instances, reserved names) is in account-profile-username.
 */

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

describe('the creator’s profile over HTTP', () => {
  let app: INestApplication;
  let db: Database;

  beforeAll(async () => {
    app = await startApp();
    db = new Database();
  });

  afterAll(async () => {
    await db.close();
    await app.close();
  });

  const own = async (client: Agent): Promise<UserView> => (await client.get('/api/auth/me').expect(200)).body as UserView;
  /** The creator's row as stored (page version included) and the holds on names they gave up. */
  const row = async (userId: string) => ({
    user: (await db.query('select *, page_version::text as version from users where id = $1', [userId])).rows[0],
    holds: (await db.query('select username from username_holds where user_id = $1', [userId])).rows,
  });
  const visitor = () => request(app.getHttpServer());

  describe('PUT /api/users/profile', () => {
    it('answers the account and shows the new name and bio on the public page at the next request', async () => {
      const { client, user } = await signedInCreator(app, { bio: 'Old bio' });
      const before = await visitor().get(`/${user.username}`).set('User-Agent', BROWSER).expect(200);
      expect(before.text).toContain('Old bio');
      const versionBefore = (await row(user.id)).user.version as string;

      const response = await client.put('/api/users/profile').send({ displayName: '  Ada Lovelace ', bio: ' Engines & poems ' }).expect(200);

      expect(Object.keys(response.body as object)).toEqual(['user']);
      expect(response.body.user).toEqual({ ...(await own(client)), displayName: 'Ada Lovelace', bio: 'Engines & poems' });
      expect(BigInt((await row(user.id)).user.version as string)).toBeGreaterThan(BigInt(versionBefore));
      const page = await visitor().get(`/${user.username}`).set('User-Agent', BROWSER).expect(200);
      expect(page.text).toContain('Ada Lovelace');
      expect(page.text).toContain('Engines &amp; poems');
      expect(page.text).not.toContain('Old bio');
      const json = await visitor().get(`/api/users/${user.username}`).expect(200);
      expect(json.body.user).toMatchObject({ displayName: 'Ada Lovelace', bio: 'Engines & poems' });
    });

    it.each([
      ['null', null],
      ['empty', ''],
      ['blank', '   '],
    ])('clears the bio when it is %s, and keeps it when it is left out', async (_case, bio) => {
      const { client, user } = await signedInCreator(app, { bio: 'Something' });

      await client.put('/api/users/profile').send({ displayName: 'Kept Bio' }).expect(200);
      expect(await own(client)).toMatchObject({ displayName: 'Kept Bio', bio: 'Something' });

      const response = await client.put('/api/users/profile').send({ displayName: 'No Bio', bio }).expect(200);
      expect(response.body.user).toMatchObject({ displayName: 'No Bio', bio: null });
      expect((await visitor().get(`/api/users/${user.username}`).expect(200)).body.user.bio).toBeNull();
    });

    it('accepts the longest display name and bio, counted as the database counts them', async () => {
      const { client } = await signedInCreator(app);
      const body = { displayName: '😀'.repeat(50), bio: '❤'.repeat(160) };
      expect((await client.put('/api/users/profile').send(body).expect(200)).body.user).toMatchObject(body);
    });
  });

  /** A call that must be refused: the status and message, and the creator's row and holds unchanged. */
  async function expectRefused(send: (client: Agent) => request.Test, status: number, message: string) {
    const { client, user } = await signedInCreator(app);
    const before = await row(user.id);
    const response = await send(client).set('User-Agent', BROWSER);
    expect({ status: response.status, message: response.body?.message }).toEqual({ status, message });
    expect(await row(user.id)).toEqual(before);
  }

  const json = (path: string, body: unknown) => (client: Agent) => client.put(path).send(body as object);

  describe.each([
    ['/api/users/profile', { displayName: 'Fine Name', bio: 'Fine bio' }],
    ['/api/users/username', { username: 'fine-name-here' }],
  ])('%s refuses what is not a plain JSON call of the signed-in creator', (path, valid) => {
    it.each([
      ['not signed in', () => agent(app).put(path).send(valid), 401, Messages.notSignedIn],
      ['cross-site (Origin)', () => agent(app).put(path).set('Origin', 'https://evil.example').send(valid), 403, Messages.crossSite],
      ['cross-site (Sec-Fetch-Site)', () => agent(app).put(path).set('Sec-Fetch-Site', 'cross-site').send(valid), 403, Messages.crossSite],
    ])('%s', async (_case, send, status, message) => {
      const response = await send();
      expect({ status: response.status, message: response.body.message }).toEqual({ status, message });
    });

    it.each([
      ['a cross-site Origin', (c: Agent) => c.put(path).set('Origin', 'https://evil.example').send(valid), 403, Messages.crossSite],
      ['a form body', (c: Agent) => c.put(path).type('form').send('displayName=x'), 415, Messages.jsonOnly],
      ['malformed JSON', (c: Agent) => c.put(path).type('json').send('{"displayName": '), 400, Messages.malformedJson],
      ['a JSON list', (c: Agent) => c.put(path).send([valid]), 400, Messages.jsonObjectOnly],
      ['a prototype key', (c: Agent) => c.put(path).type('json').send(`{"__proto__": {"isPremium": true}, ${JSON.stringify(valid).slice(1)}`), 400, Messages.unexpectedField('__proto__')],
      ['an unknown field', json(path, { ...valid, isPremium: true }), 400, Messages.unexpectedField('isPremium')],
      ['a NUL character', json(path, Object.fromEntries(Object.keys(valid).map((key) => [key, 'ab\u0000cd']))), 400, Messages.nulCharacter],
    ])('a signed-in creator’s call with %s changes nothing', async (_case, send, status, message) => {
      await expectRefused(send, status, message);
    });
  });

  describe('PUT /api/users/profile refuses bad values with 400, changing nothing', () => {
    it.each([
      ['no display name', { bio: 'x' }, Messages.displayNameRequired],
      ['an empty display name', { displayName: '' }, Messages.displayNameRequired],
      ['a blank display name', { displayName: '    ' }, Messages.displayNameRequired],
      ['a null display name', { displayName: null }, Messages.displayNameRequired],
      ['a display name that is a number', { displayName: 42 }, Messages.displayNameRequired],
      ['a display name that is a list', { displayName: ['Ada'] }, Messages.displayNameRequired],
      ['a display name that is an object', { displayName: { first: 'Ada' } }, Messages.displayNameRequired],
      ['a display name of 51 characters', { displayName: 'a'.repeat(51) }, Messages.displayNameTooLong],
      ['a display name of 26 hearts (52 characters)', { displayName: '❤️'.repeat(26) }, Messages.displayNameTooLong],
      ['a 10 kB display name', { displayName: 'a'.repeat(10_000) }, Messages.displayNameTooLong],
      ['a bio of 161 characters', { displayName: 'Ada', bio: 'b'.repeat(161) }, Messages.bioTooLong],
      ['a bio that is a number', { displayName: 'Ada', bio: 7 }, Messages.mustBeText('Bio')],
      ['a bio that is true', { displayName: 'Ada', bio: true }, Messages.mustBeText('Bio')],
      ['a bio that is a list', { displayName: 'Ada', bio: ['x'] }, Messages.mustBeText('Bio')],
      ['the username among the fields', { displayName: 'Ada', username: unique('x') }, Messages.unexpectedField('username')],
      ['an empty body', {}, Messages.displayNameRequired],
    ])('%s', async (_case, body, message) => {
      await expectRefused(json('/api/users/profile', body), 400, message);
    });
  });

  describe('PUT /api/users/username refuses bad names, changing nothing', () => {
    it.each([
      ['no username', {}, 400, Messages.usernameTooShort],
      ['an empty username', { username: '' }, 400, Messages.usernameTooShort],
      ['a two-letter username', { username: 'ab' }, 400, Messages.usernameTooShort],
      ['a 31-character username', { username: 'a'.repeat(31) }, 400, Messages.usernameTooLong],
      ['a 10 kB username', { username: 'a'.repeat(10_000) }, 400, Messages.usernameTooLong],
      ['a number', { username: 12345 }, 400, Messages.usernameTooShort],
      ['null', { username: null }, 400, Messages.usernameTooShort],
      ['a list', { username: ['alice'] }, 400, Messages.usernameTooShort],
      ['capitals', { username: 'AliceSmith' }, 400, Messages.usernameCharacters],
      ['an underscore', { username: 'alice_smith' }, 400, Messages.usernameCharacters],
      ['a slash', { username: 'alice/smith' }, 400, Messages.usernameCharacters],
      ['an accent', { username: 'zoë-page' }, 400, Messages.usernameCharacters],
      ['a leading hyphen', { username: '-alice' }, 400, Messages.usernameHyphenEdges],
      ['a trailing hyphen', { username: 'alice-' }, 400, Messages.usernameHyphenEdges],
      ['a route name', { username: 'dashboard' }, 400, Messages.usernameReserved],
      ['the product’s name', { username: 'linkbio-support' }, 400, Messages.usernameReserved],
    ])('%s', async (_case, body, status, message) => {
      await expectRefused(json('/api/users/username', body), status, message);
    });

    it('its own name, 400 usernameUnchanged', async () => {
      const { client, user } = await signedInCreator(app);
      const before = await row(user.id);
      const response = await client.put('/api/users/username').send({ username: user.username }).expect(400);
      expect(response.body.message).toBe(AccountMessages.usernameUnchanged);
      expect(await row(user.id)).toEqual(before);
    });

    it('a name another account has, 409 usernameTaken', async () => {
      const other = await signedInCreator(app);
      const { client, user } = await signedInCreator(app);
      const before = await row(user.id);
      const response = await client.put('/api/users/username').send({ username: other.user.username }).expect(409);
      expect(response.body.message).toBe(Messages.usernameTaken);
      expect(await row(user.id)).toEqual(before);
    });
  });
});
