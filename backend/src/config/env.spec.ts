import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allowedOrigins, loadEnv, sessionSecrets } from './env.js';

const BASE = {
  DATABASE_URL: 'postgres://linkbio@127.0.0.1:5432/linkbio',
  SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
};
const PRODUCTION = {
  ...BASE,
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://linkbio.example',
  STRIPE_SECRET_KEY: 'sk_live_abc',
};

/** The message loadEnv refuses with, or null when it accepts. */
const refusal = (source: Record<string, string | undefined>): string | null => {
  try {
    loadEnv(source);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('loadEnv in production', () => {
  it('starts with Stripe and a public address', () => {
    expect(loadEnv(PRODUCTION)).toMatchObject({ NODE_ENV: 'production', PUBLIC_URL: 'https://linkbio.example' });
  });

  it('refuses the local test payment provider, saying why on one line', () => {
    const message = refusal({ ...PRODUCTION, STRIPE_SECRET_KEY: undefined });
    expect(message).toMatch(
      /^Invalid environment: STRIPE_SECRET_KEY: NODE_ENV=production refuses the local test payment provider/,
    );
    expect(message).toContain('4242 4242 4242 4242');
    expect(message).toContain('ALLOW_LOCAL_PAYMENTS=true');
    expect(message).not.toContain('\n');
  });

  it('runs the local test provider when ALLOW_LOCAL_PAYMENTS=true says so', () => {
    expect(
      loadEnv({ ...PRODUCTION, STRIPE_SECRET_KEY: undefined, ALLOW_LOCAL_PAYMENTS: 'true' }).STRIPE_SECRET_KEY,
    ).toBeUndefined();
  });

  it.each(['yes', '1', 'TRUE'])('refuses ALLOW_LOCAL_PAYMENTS=%s (only "true" or "false")', (value) => {
    expect(refusal({ ...PRODUCTION, ALLOW_LOCAL_PAYMENTS: value })).toContain('ALLOW_LOCAL_PAYMENTS');
  });

  it.each([
    ['unset', undefined],
    ['empty', ''],
  ])('refuses a PUBLIC_URL %s, saying why on one line', (_case, value) => {
    const message = refusal({ ...PRODUCTION, PUBLIC_URL: value });
    expect(message).toMatch(/^Invalid environment: PUBLIC_URL: NODE_ENV=production requires the public address/);
    expect(message).toContain('Host header');
    expect(message).not.toContain('\n');
  });

  it('names every problem, one line each, when there are several', () => {
    const message = refusal({ ...PRODUCTION, STRIPE_SECRET_KEY: undefined, PUBLIC_URL: undefined });
    expect(message?.split('\n')).toEqual([
      'Invalid environment:',
      expect.stringMatching(/^ {2}- STRIPE_SECRET_KEY: /),
      expect.stringMatching(/^ {2}- PUBLIC_URL: /),
    ]);
  });

  it.each(['development', 'test'])('asks for neither in %s', (nodeEnv) => {
    expect(refusal({ ...BASE, NODE_ENV: nodeEnv })).toBeNull();
  });
});

describe('loadEnv', () => {
  it('takes an empty variable as unset (VAR= in .env, ${VAR:-} in compose files)', () => {
    const env = loadEnv({ ...BASE, REDIS_URL: '', STRIPE_SECRET_KEY: '', PORT: '' });
    expect(env.REDIS_URL).toBeUndefined();
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
    expect(env.PORT).toBe(3000);
  });

  it('takes LOG_LEVEL from trace to fatal, or silent, and refuses any other with the list', () => {
    expect(loadEnv(BASE).LOG_LEVEL).toBeUndefined();
    for (const level of ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']) expect(loadEnv({ ...BASE, LOG_LEVEL: level }).LOG_LEVEL).toBe(level);
    expect(() => loadEnv({ ...BASE, LOG_LEVEL: 'verbose' })).toThrow(
      'Invalid environment: LOG_LEVEL: LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent',
    );
  });

  it('checks the schedules every minute unless told otherwise', () => {
    expect(loadEnv(BASE).WORKER_SCHEDULES_CHECK_MS).toBe(60_000);
    expect(loadEnv({ ...BASE, WORKER_SCHEDULES_CHECK_MS: '500' }).WORKER_SCHEDULES_CHECK_MS).toBe(500);
    expect(refusal({ ...BASE, WORKER_SCHEDULES_CHECK_MS: '0' })).toContain('WORKER_SCHEDULES_CHECK_MS');
  });
});

describe('the legal texts (PRIVACY_POLICY_FILE, TERMS_FILE)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'linkbio-legal-'));

  it('serves the templates shipped in backend/legal/ when unset, and a readable file of the operator when set', () => {
    const env = loadEnv(BASE);
    expect(env.PRIVACY_POLICY_FILE).toMatch(/backend\/legal\/privacy\.md$/);
    expect(env.TERMS_FILE).toMatch(/backend\/legal\/terms\.md$/);
    const own = join(dir, 'own-terms.md');
    writeFileSync(own, '# Our terms\n');
    expect(loadEnv({ ...BASE, TERMS_FILE: own }).TERMS_FILE).toBe(own);
  });

  it('refuses a file that is missing, a folder or empty, naming the variable and the file', () => {
    const empty = join(dir, 'empty.md');
    writeFileSync(empty, ' \n');
    expect(refusal({ ...BASE, PRIVACY_POLICY_FILE: join(dir, 'nope.md') })).toBe(
      `Invalid environment: PRIVACY_POLICY_FILE: cannot read ${join(dir, 'nope.md')} (there is no such file); set it to a readable Markdown file, or unset it to serve the template`,
    );
    expect(refusal({ ...BASE, TERMS_FILE: dir })).toContain(`TERMS_FILE: cannot read ${dir} (it is a folder)`);
    expect(refusal({ ...BASE, TERMS_FILE: empty })).toBe(
      `Invalid environment: TERMS_FILE: ${empty} is empty; write the text in it, or unset it to serve the template`,
    );
  });
});

describe('allowedOrigins', () => {
  it('lists ALLOWED_ORIGINS and the origin of PUBLIC_URL, once each', () => {
    expect(
      allowedOrigins({
        ALLOWED_ORIGINS: ' https://a.example, https://linkbio.example ',
        PUBLIC_URL: 'https://linkbio.example/',
      }),
    ).toEqual(['https://a.example', 'https://linkbio.example']);
  });

  it('is empty when neither is set', () => {
    expect(allowedOrigins({})).toEqual([]);
  });
});

describe('SESSION_SECRET while rotating', () => {
  const NEW = 'the-new-session-secret-of-32-characters-or-more';
  const OLD = 'the-old-session-secret-of-32-characters-or-more';

  it('takes one secret, or a list newest first', () => {
    expect(sessionSecrets(loadEnv(BASE))).toEqual([BASE.SESSION_SECRET]);
    expect(sessionSecrets(loadEnv({ ...BASE, SESSION_SECRET: `${NEW}, ${OLD}` }))).toEqual([NEW, OLD]);
  });

  it('refuses a list with a short or repeated secret, saying why', () => {
    expect(refusal({ ...BASE, SESSION_SECRET: `${NEW},short` })).toBe(
      'Invalid environment: SESSION_SECRET: each secret in the list (newest first, separated by commas) must be at least 32 characters',
    );
    expect(refusal({ ...BASE, SESSION_SECRET: `${NEW},${NEW}` })).toBe('Invalid environment: SESSION_SECRET: the list names the same secret twice');
  });
});
