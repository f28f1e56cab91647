import { EmailMessages, Messages } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { ATTEMPT_LIMITS } from '../infrastructure/flexible-attempt.limiter.js';
import { EMAIL_LINKS_PER_HOUR } from './ports/email-link-rate-limit.js';
import { emailAddressWorld, ORIGIN } from '../testing/email-address-world.js';
import type { ChangeEmailCommand } from './change-email.use-case.js';

describe('ChangeEmailUseCase and the confirmation of a change', () => {
  const setup = async () => {
    const world = await emailAddressWorld();
    const ask = (command: Partial<ChangeEmailCommand> = {}) =>
      world.change.execute({
        userId: world.alice.id,
        ip: '10.0.0.1',
        email: 'alice@new.example',
        password: 'correct horse',
        linkOrigin: ORIGIN,
        ...command,
      });
    return { ...world, ask };
  };

  it('mails a link to the new address, changes nothing until it is opened, then tells the old address', async () => {
    const { alice, users, ask, lastMailTo, confirmToken, emails, clock } = await setup();

    await expect(ask({ email: '  alice@new.example ' })).resolves.toBe('alice@new.example');
    const { mail, token } = await lastMailTo('alice@new.example');
    expect(mail).toMatchObject({ subject: 'Confirm your new Linkbio email address' });
    expect((await users.findById(alice.id))!.email).toBe('alice@example.com');

    await expect(confirmToken(token!)).resolves.toBe(EmailMessages.changed('alice@new.example'));
    const changed = (await users.findById(alice.id))!;
    expect(changed).toMatchObject({ email: 'alice@new.example', emailVerifiedAt: clock.now() });
    await lastMailTo('alice@example.com');
    const told = emails.sent.find((sent) => sent.to === 'alice@example.com')!;
    expect(told.subject).toBe('Your Linkbio email address was changed');
    expect(told.text).toContain('from alice@example.com to alice@new.example');
    expect(told.text).toContain('If it was not you');
    await expect(confirmToken(token!)).rejects.toEqual(aDomainError('invalid', EmailMessages.tokenInvalid));
  });

  it('refuses a wrong password, counted as password changes count them, and sends nothing', async () => {
    const { ask, lastMailTo } = await setup();
    for (let i = 0; i < ATTEMPT_LIMITS.password_change.perEmail; i += 1)
      await expect(ask({ password: 'wrong horse', ip: `10.0.1.${i}` })).rejects.toEqual(
        aDomainError('invalid', EmailMessages.passwordWrong),
      );
    await expect(ask({ ip: '10.0.2.1' })).rejects.toMatchObject({ kind: 'too_many' });
    expect((await lastMailTo('alice@new.example')).mail).toBeUndefined();
  });

  it('refuses the same address (in any case) and one another account has', async () => {
    const { ask } = await setup();
    await expect(ask({ email: 'ALICE@example.com' })).rejects.toEqual(
      aDomainError('invalid', EmailMessages.sameAddress),
    );
    await expect(ask({ email: 'Bob@Example.com' })).rejects.toEqual(aDomainError('conflict', Messages.emailTaken));
  });

  it('refuses at confirmation an address another account took meanwhile, changing nothing', async () => {
    const { alice, bob, users, ask, lastMailTo, confirmToken, clock } = await setup();
    await ask();
    const { token } = await lastMailTo('alice@new.example');
    await users.change(bob.id, (user) => user.changeEmail('alice@new.example', clock.now()));

    await expect(confirmToken(token!)).rejects.toEqual(aDomainError('conflict', Messages.emailTaken));
    expect((await users.findById(alice.id))!.email).toBe('alice@example.com');
  });

  it('keeps only the newest link of a change', async () => {
    const { alice, users, ask, lastMailTo, confirmToken } = await setup();
    await ask({ email: 'first@new.example' });
    const first = (await lastMailTo('first@new.example')).token!;
    await ask({ email: 'second@new.example' });
    const second = (await lastMailTo('second@new.example')).token!;

    await expect(confirmToken(first)).rejects.toEqual(aDomainError('invalid', EmailMessages.tokenInvalid));
    await expect(confirmToken(second)).resolves.toBe(EmailMessages.changed('second@new.example'));
    expect((await users.findById(alice.id))!.email).toBe('second@new.example');
  });

  it('counts an attempt at a taken address too, and answers a limited account alike for any address', async () => {
    const { ask } = await setup();
    for (let i = 0; i < EMAIL_LINKS_PER_HOUR; i += 1) {
      await expect(ask({ email: 'bob@example.com' })).rejects.toEqual(aDomainError('conflict', Messages.emailTaken));
    }

    const taken = await ask({ email: 'bob@example.com' }).catch((error: unknown) => error);
    const free = await ask({ email: 'free@new.example' }).catch((error: unknown) => error);

    expect(taken).toMatchObject({ kind: 'too_many' });
    expect(free).toEqual(taken);
  });

  it('ends a reset link of the old address once the change is confirmed', async () => {
    const { alice, resetTokens, ask, lastMailTo, confirmToken, clock } = await setup();
    const expiresAt = new Date(clock.now().getTime() + 60 * 60 * 1000);
    await resetTokens.replace({ userId: alice.id, tokenHash: 'a'.repeat(64), createdAt: clock.now(), expiresAt });
    await ask();
    expect(resetTokens.all()).toHaveLength(1);

    await confirmToken((await lastMailTo('alice@new.example')).token!);

    expect(resetTokens.all()).toEqual([]);
  });
});
