import type { INestApplication } from '@nestjs/common';
import { AccountMessages, Messages, type SessionsView } from '@linkbio/shared-contracts';
import { agent, Database, registration, startApp, uniqueIp, type Agent } from './support/harness.js';

/*
 * The account-security calls (issue 14) answer bad input with a clear 4xx and change nothing: not the
 * account, not its sessions, not its reset token, not the outbox. On Redis (sessions and counters there).
 */

type Call = 'change' | 'reset' | 'confirm' | 'end' | 'endOthers' | 'list';

interface Request {
  body?: unknown;
  /** A raw body with its own Content-Type, instead of `body`. */
  raw?: { text: string; type: string };
  headers?: Record<string, string>;
  signedOut?: boolean;
  /** For `end`: the id in the path. */
  id?: string;
}

interface Row extends Request {
  call: Call;
  name: string;
  status: number;
  /** The exact message where one is owed; every answer carries a non-empty one in any case. */
  message?: string;
}

const row = (call: Call, name: string, status: number, message: string | undefined, request: Request = {}): Row => ({
  call,
  name,
  status,
  message,
  ...request,
});

const OWNER_PASSWORD = 'correct horse';
const NEW = 'battery staple';
const change = (overrides: Record<string, unknown>) => ({
  body: { currentPassword: OWNER_PASSWORD, newPassword: NEW, confirmPassword: NEW, ...overrides },
});
const confirm = (overrides: Record<string, unknown>) => ({
  body: { token: 'A'.repeat(43), password: NEW, confirmPassword: NEW, ...overrides },
});
const reset = (email: unknown, extra: Record<string, unknown> = {}) => ({ body: { email, ...extra } });
const raw = (text: string, type: string) => ({ raw: { text, type } });
const EVIL = { headers: { Origin: 'https://evil.example' } };
const SOME_ID = '00000000-0000-4000-8000-000000000000';
const { currentPasswordRequired, currentPasswordWrong, resetTokenRequired, resetTokenInvalid } = AccountMessages;
const { passwordTooShort, passwordTooLong, passwordsDontMatch, invalidEmail, unexpectedField } = Messages;

const rows: Row[] = [
  row('change', 'no body', 400, currentPasswordRequired),
  row('change', 'an empty current password', 400, currentPasswordRequired, change({ currentPassword: '' })),
  row(
    'change',
    'a current password that is not text',
    400,
    currentPasswordRequired,
    change({ currentPassword: 123456 }),
  ),
  row(
    'change',
    'a 201-character current password',
    400,
    currentPasswordWrong,
    change({ currentPassword: 'p'.repeat(201) }),
  ),
  row('change', 'a wrong current password', 400, currentPasswordWrong, change({ currentPassword: 'not it at all' })),
  row(
    'change',
    'the same password again',
    400,
    AccountMessages.newPasswordSame,
    change({ newPassword: OWNER_PASSWORD, confirmPassword: OWNER_PASSWORD }),
  ),
  row('change', 'a missing new password', 400, passwordTooShort, change({ newPassword: undefined })),
  row(
    'change',
    'a five-character new password',
    400,
    passwordTooShort,
    change({ newPassword: 'abcde', confirmPassword: 'abcde' }),
  ),
  row(
    'change',
    'a 201-character new password',
    400,
    passwordTooLong,
    change({ newPassword: 'p'.repeat(201), confirmPassword: 'p'.repeat(201) }),
  ),
  row('change', 'a confirmation that differs', 400, passwordsDontMatch, change({ confirmPassword: `${NEW}r` })),
  row('change', 'a missing confirmation', 400, passwordsDontMatch, change({ confirmPassword: undefined })),
  row('change', 'an extra field', 400, unexpectedField('userId'), change({ userId: 'someone else' })),
  row('change', 'a list for a body', 400, Messages.jsonObjectOnly, { body: [change({}).body] }),
  row('change', 'malformed JSON', 400, Messages.malformedJson, raw('{"currentPassword":', 'application/json')),
  row(
    'change',
    'a form-encoded body',
    415,
    Messages.jsonOnly,
    raw('currentPassword=x', 'application/x-www-form-urlencoded'),
  ),
  row('change', 'another site', 403, Messages.crossSite, { ...change({}), ...EVIL }),
  row('change', 'no session', 401, Messages.notSignedIn, { ...change({}), signedOut: true }),
  row('reset', 'no body', 400, invalidEmail),
  row('reset', 'an address without a domain', 400, invalidEmail, reset('owner@')),
  row('reset', 'an address that is not text', 400, invalidEmail, reset(['a@example.com'])),
  row('reset', 'a 255-character address', 400, invalidEmail, reset(`${'a'.repeat(64)}@${'b'.repeat(186)}.com`)),
  row('reset', 'a NUL character', 400, Messages.nulCharacter, reset('owner\u0000@example.com')),
  row(
    'reset',
    'an extra field',
    400,
    unexpectedField('redirect'),
    reset('a@example.com', { redirect: 'https://evil.example' }),
  ),
  row('reset', 'a text/plain body', 415, Messages.jsonOnly, raw('{"email":"a@example.com"}', 'text/plain')),
  row('reset', 'another site', 403, Messages.crossSite, { ...reset('a@example.com'), ...EVIL }),
  row('confirm', 'no body', 400, resetTokenRequired),
  row('confirm', 'an empty token', 400, resetTokenRequired, confirm({ token: '' })),
  row('confirm', 'a token that is not text', 400, resetTokenRequired, confirm({ token: { $ne: null } })),
  row('confirm', 'a 201-character token', 400, resetTokenInvalid, confirm({ token: 'A'.repeat(201) })),
  row('confirm', 'an unknown token', 400, resetTokenInvalid, confirm({})),
  row('confirm', 'a token with a quote', 400, resetTokenInvalid, confirm({ token: "x' or '1'='1" })),
  row('confirm', 'a short password', 400, passwordTooShort, confirm({ password: 'abc', confirmPassword: 'abc' })),
  row('confirm', 'a confirmation that differs', 400, passwordsDontMatch, confirm({ confirmPassword: 'other one' })),
  row('confirm', 'an extra field', 400, unexpectedField('email'), confirm({ email: 'a@example.com' })),
  row('confirm', 'another site', 403, Messages.crossSite, {
    ...confirm({}),
    headers: { 'Sec-Fetch-Site': 'cross-site' },
  }),
  row('end', 'a malformed id', 404, AccountMessages.sessionNotFound, { id: 'not-an-id' }),
  row('end', 'an encoded NUL', 400, Messages.nulCharacter, { id: '%00' }),
  row('end', 'an id that cannot be decoded', 400, undefined, { id: '%E0%A4%A' }),
  row('end', 'another site', 403, Messages.crossSite, { id: SOME_ID, ...EVIL }),
  row('end', 'no session', 401, Messages.notSignedIn, { id: SOME_ID, signedOut: true }),
  row('endOthers', 'another site', 403, Messages.crossSite, EVIL),
  row('endOthers', 'no session', 401, Messages.notSignedIn, { signedOut: true }),
  row('list', 'no session', 401, Messages.notSignedIn, { signedOut: true }),
];

describe('account security: bad input', () => {
  let app: INestApplication;
  let db: Database;
  let owner: Agent;
  let phone: Agent;
  let ownerId: string;
  const details = registration({ password: OWNER_PASSWORD });

  beforeAll(async () => {
    app = await startApp();
    db = new Database();
    owner = agent(app);
    ownerId = ((await owner.post('/api/auth/register').send(details).expect(201)).body as { id: string }).id;
    phone = agent(app);
    await phone.post('/api/auth/login').send({ email: details.email, password: OWNER_PASSWORD }).expect(200);
  });

  afterAll(async () => {
    await db?.close();
    await app?.close();
  });

  /**
   * Everything of the owner's a call could change: the account, its devices (not when they were last seen,
   * which moves with their own requests), its reset token, its e-mails.
   */
  async function fingerprint(): Promise<string> {
    const digest = (from: string) =>
      `(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${from})`;
    const {
      rows: [row],
    } = await db.query<{ digest: string }>(
      `select concat_ws(' ', ${digest('users t where id = $1')}, ${digest('(select id, sid, user_agent, signed_in_at from account_sessions where user_id = $1) t')},
         ${digest('password_reset_tokens t where user_id = $1')}, ${digest('email_outbox t where recipient = $2')}) as digest`,
      [ownerId, details.email],
    );
    return row!.digest;
  }

  function send(row: Row) {
    const client = row.signedOut ? agent(app) : owner;
    const path = {
      change: '/api/auth/password',
      reset: '/api/auth/password-reset',
      confirm: '/api/auth/password-reset/confirm',
      end: `/api/auth/sessions/${row.id}`,
      endOthers: '/api/auth/sessions',
      list: '/api/auth/sessions',
    }[row.call];
    let call =
      row.call === 'list'
        ? client.get(path)
        : row.call === 'end' || row.call === 'endOthers'
          ? client.delete(path)
          : client.post(path);
    call = call.set('X-Forwarded-For', uniqueIp());
    for (const [name, value] of Object.entries(row.headers ?? {})) call = call.set(name, value);
    if (row.raw) return call.set('Content-Type', row.raw.type).send(row.raw.text);
    return row.body === undefined ? call : call.send(row.body as object);
  }

  it.each(rows)('$call: $name → $status', async (row) => {
    const before = await fingerprint();

    const response = await send(row);

    expect([response.status, response.headers['content-type']]).toEqual([
      row.status,
      expect.stringMatching(/^application\/json/),
    ]);
    expect(response.body).toMatchObject({
      statusCode: row.status,
      message: row.message ?? expect.stringMatching(/\S/),
    });
    expect(response.text).not.toMatch(/\$argon2|password_hash|node_modules|\bat .*\.js:\d+/);
    expect(await fingerprint()).toBe(before);
    await owner.get('/api/auth/me').expect(200);
    await phone.get('/api/auth/me').expect(200);
  });

  it('lists and ends sessions kept in Redis too', async () => {
    const { sessions } = (await owner.get('/api/auth/sessions').expect(200)).body as SessionsView;
    expect(sessions.map((s) => s.current).sort()).toEqual([false, true]);

    await owner.delete(`/api/auth/sessions/${sessions.find((s) => !s.current)!.id}`).expect(200);

    await phone.get('/api/auth/me').expect(401);
    await owner.get('/api/auth/me').expect(200);
    expect(
      ((await owner.get('/api/auth/sessions').expect(200)).body as SessionsView).sessions.map((s) => s.current),
    ).toEqual([true]);
  });
});
