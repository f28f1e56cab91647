import type { INestApplication } from '@nestjs/common';
import { EmailMessages, Messages } from '@linkbio/shared-contracts';
import { isAddressConfirmation, mailsTo } from './account-security.js';
import { agent, registration, uniqueIp, type Agent, type Database } from './harness.js';
import type { TestSmtp } from './smtp.js';

type Call = 'change' | 'verify' | 'resend';

interface Row {
  call: Call;
  name: string;
  status: number;
  message?: string;
  body?: unknown;
  raw?: { text: string; type: string };
  headers?: Record<string, string>;
  signedOut?: boolean;
}

const PASSWORD = 'correct horse';
const change = (overrides: Record<string, unknown>) => ({
  body: { email: 'elsewhere@new.example', password: PASSWORD, ...overrides },
});
const token = (value: unknown, extra: Record<string, unknown> = {}) => ({ body: { token: value, ...extra } });
const raw = (text: string, type: string) => ({ raw: { text, type } });
const EVIL = { headers: { Origin: 'https://evil.example' } };
const { invalidEmail, passwordRequired, unexpectedField } = Messages;
const { passwordWrong, tokenInvalid, tokenRequired } = EmailMessages;
const row = (
  call: Call,
  name: string,
  status: number,
  message: string | undefined,
  request: Partial<Row> = {},
): Row => ({
  call,
  name,
  status,
  message,
  ...request,
});

const rows: Row[] = [
  row('change', 'no body', 400, undefined),
  row('change', 'an address without a domain', 400, invalidEmail, change({ email: 'owner@' })),
  row('change', 'an address that is not text', 400, invalidEmail, change({ email: ['a@example.com'] })),
  row(
    'change',
    'a 255-character address',
    400,
    invalidEmail,
    change({ email: `${'a'.repeat(64)}@${'b'.repeat(186)}.com` }),
  ),
  row('change', 'a NUL character', 400, Messages.nulCharacter, change({ email: 'owner\u0000@example.com' })),
  row('change', 'no password', 400, passwordRequired, change({ password: undefined })),
  row('change', 'a password that is not text', 400, passwordRequired, change({ password: 123456 })),
  row('change', 'a 201-character password', 400, passwordWrong, change({ password: 'p'.repeat(201) })),
  row('change', 'a wrong password', 400, passwordWrong, change({ password: 'not it at all' })),
  row('change', 'an extra field', 400, unexpectedField('userId'), change({ userId: 'someone else' })),
  row('change', 'a list for a body', 400, Messages.jsonObjectOnly, { body: [change({}).body] }),
  row('change', 'malformed JSON', 400, Messages.malformedJson, raw('{"email":', 'application/json')),
  row('change', 'a form-encoded body', 415, Messages.jsonOnly, raw('email=x', 'application/x-www-form-urlencoded')),
  row('change', 'another site', 403, Messages.crossSite, { ...change({}), ...EVIL }),
  row('change', 'no session', 401, Messages.notSignedIn, { ...change({}), signedOut: true }),
  row('verify', 'no body', 400, tokenRequired),
  row('verify', 'an empty token', 400, tokenRequired, token('')),
  row('verify', 'a token that is not text', 400, tokenRequired, token({ $ne: null })),
  row('verify', 'a 201-character token', 400, tokenInvalid, token('A'.repeat(201))),
  row('verify', 'an unknown token', 400, tokenInvalid, token('A'.repeat(43))),
  row('verify', 'a token with a quote', 400, tokenInvalid, token("x' or '1'='1")),
  row('verify', 'a NUL character', 400, Messages.nulCharacter, token(`${'A'.repeat(42)}\u0000`)),
  row('verify', 'an extra field', 400, unexpectedField('email'), token('A'.repeat(43), { email: 'a@example.com' })),
  row('verify', 'malformed JSON', 400, Messages.malformedJson, raw('{"token":', 'application/json')),
  row('verify', 'another site', 403, Messages.crossSite, {
    ...token('A'.repeat(43)),
    headers: { 'Sec-Fetch-Site': 'cross-site' },
  }),
  row('resend', 'another site', 403, Messages.crossSite, EVIL),
  row('resend', 'no session', 401, Messages.notSignedIn, { signedOut: true }),
];

/** The table, against an owner signed up (and mailed their link) before it runs. */
export function emailAddressBadInput(context: () => { app: INestApplication; db: Database; smtp: TestSmtp }) {
  let owner: Agent;
  let ownerId: string;
  const details = registration({ password: PASSWORD });

  beforeAll(async () => {
    const { app, db, smtp } = context();
    owner = agent(app);
    ownerId = ((await owner.post('/api/auth/register').send(details).expect(201)).body as { id: string }).id;
    await mailsTo(smtp, details.email, 1, 10_000, isAddressConfirmation);
    // The sent e-mail's stored copy loses its token just after sending: wait for it, so nothing moves meanwhile.
    for (let i = 0; i < 200; i += 1) {
      const { rows: queued } = await db.query(
        "select 1 from email_outbox where recipient = $1 and body like '%token=(removed%'",
        [details.email],
      );
      if (queued.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  });

  /** Everything a call could change: the account, its links, the e-mails queued for it or for another address. */
  async function fingerprint(): Promise<string> {
    const digest = (from: string) =>
      `(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${from})`;
    const {
      rows: [found],
    } = await context().db.query<{ digest: string }>(
      `select concat_ws(' ', ${digest('users t where id = $1')}, ${digest('email_confirmations t where user_id = $1')},
         ${digest('email_outbox t where recipient in ($2, $3)')}) as digest`,
      [ownerId, details.email, 'elsewhere@new.example'],
    );
    return found!.digest;
  }

  function send(r: Row) {
    const client = r.signedOut ? agent(context().app) : owner;
    const path = { change: '/api/auth/email', verify: '/api/auth/email/verify', resend: '/api/auth/email/resend' }[
      r.call
    ];
    let call = client.post(path).set('X-Forwarded-For', uniqueIp());
    for (const [name, value] of Object.entries(r.headers ?? {})) call = call.set(name, value);
    if (r.raw) return call.set('Content-Type', r.raw.type).send(r.raw.text);
    return r.body === undefined ? call : call.send(r.body as object);
  }

  it.each(rows)('$call: $name → $status', async (r) => {
    const before = await fingerprint();

    const response = await send(r);

    expect([response.status, response.headers['content-type']]).toEqual([
      r.status,
      expect.stringMatching(/^application\/json/),
    ]);
    expect(response.body).toMatchObject({ statusCode: r.status, message: r.message ?? expect.stringMatching(/\S/) });
    expect(response.text).not.toMatch(/\$argon2|password_hash|node_modules|\bat .*\.js:\d+/);
    expect(await fingerprint()).toBe(before);
    await owner.get('/api/auth/me').expect(200);
  });
}
