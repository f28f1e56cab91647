import { createHash } from 'node:crypto';
import { Messages } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { ImmediateTransactions } from '../../../shared/testing/immediate.transactions.js';
import { User } from '../domain/user.js';
import { ATTEMPT_LIMITS } from '../infrastructure/flexible-attempt.limiter.js';
import { DeferredBackgroundWork } from '../testing/deferred-background-work.js';
import { InMemoryPasswordResetTokens } from '../testing/in-memory-password-reset-tokens.js';
import { InMemoryUserRepository } from '../testing/in-memory-user.repository.js';
import { memoryAttemptLimiter } from '../testing/memory-attempt-limiter.js';
import { RecordingAccountEmails } from '../testing/recording-account-emails.js';
import { RequestPasswordResetUseCase } from './request-password-reset.use-case.js';

const ORIGIN = 'https://linkbio.example';
const LINK = /^https:\/\/linkbio\.example\/reset-password\?token=([A-Za-z0-9_-]{43})$/m;

/** The user repository, counting the lookups by e-mail (what would tell a known address from an unknown one). */
class CountingUsers extends InMemoryUserRepository {
  lookups = 0;
  override findByEmail(email: string) {
    this.lookups += 1;
    return super.findByEmail(email);
  }
}

const setup = async () => {
  const users = new CountingUsers();
  const alice = User.register(
    { username: 'alice', email: 'Alice@Example.com', passwordHash: 'hash', displayName: 'Alice', bio: null },
    new Date('2026-01-01T00:00:00.000Z'),
  );
  await users.add(alice);
  const tokens = new InMemoryPasswordResetTokens();
  const emails = new RecordingAccountEmails();
  const background = new DeferredBackgroundWork();
  const clock = new FixedClock('2026-03-02T12:00:00.000Z');
  const useCase = new RequestPasswordResetUseCase(
    users,
    tokens,
    emails,
    new ImmediateTransactions(),
    memoryAttemptLimiter(),
    background,
    clock,
  );
  const ask = (email: string, ip = '10.0.0.1') => useCase.execute({ email, ip, linkOrigin: ORIGIN });
  return { alice, users, tokens, emails, background, clock, ask, useCase };
};

const tokenOf = (text: string) => LINK.exec(text)?.[1];
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

describe('RequestPasswordResetUseCase', () => {
  it('answers before looking the address up, doing the same for a known and an unknown one', async () => {
    const { users, tokens, emails, background, ask } = await setup();

    const known = await ask('alice@example.com');
    const afterKnown = {
      lookups: users.lookups,
      pending: background.pending,
      tokens: tokens.all().length,
      queued: emails.queued.length,
    };
    const unknown = await ask('nobody@example.com');

    expect(known).toBe(unknown);
    expect(afterKnown).toEqual({ lookups: 0, pending: 1, tokens: 0, queued: 0 });
    expect([users.lookups, background.pending, tokens.all().length, emails.queued.length]).toEqual([0, 2, 0, 0]);
  });

  it('then e-mails a known address a link whose token is stored only as its SHA-256, for 60 minutes', async () => {
    const { alice, tokens, emails, background, ask } = await setup();

    await ask('  ALICE@example.com ');
    await background.runAll();

    expect(emails.sent).toHaveLength(1);
    const [mail] = emails.sent;
    expect(mail).toMatchObject({ to: 'Alice@Example.com', subject: 'Reset your Linkbio password' });
    expect(mail!.dedupeKey).toMatch(/^password-reset-[0-9a-f-]{36}$/);
    const token = tokenOf(mail!.text)!;
    expect(token).toBeDefined();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(tokens.all()).toEqual([
      {
        userId: alice.id,
        tokenHash: sha256(token),
        createdAt: new Date('2026-03-02T12:00:00.000Z'),
        expiresAt: new Date('2026-03-02T13:00:00.000Z'),
      },
    ]);
    expect(JSON.stringify(tokens.all())).not.toContain(token);
    expect(mail!.dedupeKey).not.toContain(token);
  });

  it('sends nothing and stores nothing for an address without an account', async () => {
    const { tokens, emails, background, ask } = await setup();

    await ask('nobody@example.com');
    await background.runAll();

    expect(emails.queued).toEqual([]);
    expect(emails.sent).toEqual([]);
    expect(tokens.all()).toEqual([]);
  });

  it('replaces the older token with the newest, a new token each time', async () => {
    const { tokens, emails, background, ask } = await setup();

    await ask('alice@example.com');
    await ask('alice@example.com');
    await background.runAll();

    const [first, second] = emails.sent.map((mail) => tokenOf(mail.text)!);
    expect(first).not.toBe(second);
    expect(tokens.all().map((token) => token.tokenHash)).toEqual([sha256(second!)]);
  });

  it('keeps the token and the e-mail queued while the mail server is down', async () => {
    const { tokens, emails, background, ask } = await setup();
    emails.failing = true;

    await ask('alice@example.com');
    await background.runAll();

    expect(tokens.all()).toHaveLength(1);
    expect(emails.queued).toHaveLength(1);
    expect(emails.sent).toEqual([]);
  });

  it('answers past the allowance of an address exactly as within it, sending nothing more', async () => {
    const { emails, background, ask } = await setup();
    const { perEmailAndIp } = ATTEMPT_LIMITS.password_reset_email;

    const answers = [];
    for (let i = 0; i < perEmailAndIp + 3; i += 1) answers.push(await ask('alice@example.com', '10.0.1.1'));
    await background.runAll();

    expect(answers).toEqual(Array(perEmailAndIp + 3).fill(undefined));
    expect(emails.sent).toHaveLength(perEmailAndIp);
  });

  it('gives each client address its own allowance under a cap per address, and the owner’s browser its own', async () => {
    const { emails, background, useCase } = await setup();
    const { perEmailAndIp, perEmail, perDevice } = ATTEMPT_LIMITS.password_reset_email;
    const ask = (ip: string, device: string | null = null) =>
      useCase.execute({ email: 'alice@example.com', ip, device, linkOrigin: ORIGIN });

    for (let i = 0; i < perEmailAndIp; i += 1) await ask('10.0.2.1');
    await ask('10.0.2.2');
    await background.runAll();
    expect(emails.sent).toHaveLength(perEmailAndIp + 1);

    for (let n = 0; emails.sent.length < perEmail; n += 1) {
      await ask(`10.0.3.${n}`);
      await background.runAll();
    }
    await ask('10.0.4.1');
    await background.runAll();
    expect(emails.sent).toHaveLength(perEmail);

    for (let i = 0; i < perDevice + 1; i += 1) await ask('10.0.4.1', 'owners-device');
    await background.runAll();
    expect(emails.sent).toHaveLength(perEmail + perDevice);
  });

  it('limits requests per client address', async () => {
    const { ask } = await setup();
    const { perIp } = ATTEMPT_LIMITS.password_reset;

    for (let i = 0; i < perIp; i += 1) await ask(`someone${i}@example.com`, '10.0.4.1');

    await expect(ask('alice@example.com', '10.0.4.1')).rejects.toEqual(
      aDomainError('too_many', Messages.tooManyAttempts(60)),
    );
    await expect(ask('alice@example.com', '10.0.4.2')).resolves.toBeUndefined();
  });
});
