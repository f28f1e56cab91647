import { createHash } from 'node:crypto';
import { EMAIL_CONFIRMATION_VALID_HOURS, EmailMessages, Messages } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { emailAddressWorld, ORIGIN } from '../testing/email-address-world.js';
import { EMAIL_LINKS_PER_HOUR } from './ports/email-link-rate-limit.js';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
const HOUR = 60 * 60 * 1000;

describe('EmailVerificationUseCase', () => {
  it('e-mails a new account a link after the answer, storing only its hash, valid 24 hours', async () => {
    const { alice, verification, background, emails, confirmations, lastMailTo } = await emailAddressWorld();

    verification.afterSignUp(alice, ORIGIN);
    expect(emails.sent).toHaveLength(0);
    expect(background.pending).toBe(1);

    const { mail, token } = await lastMailTo(alice.email);
    expect(mail).toMatchObject({ to: 'alice@example.com', subject: 'Confirm your Linkbio email address' });
    expect(mail!.text).toContain(`works once, for ${EMAIL_CONFIRMATION_VALID_HOURS} hours`);
    expect(confirmations.all()).toEqual([
      {
        userId: alice.id,
        purpose: 'verify',
        email: 'alice@example.com',
        tokenHash: sha256(token!),
        createdAt: new Date('2026-03-02T12:00:00.000Z'),
        expiresAt: new Date('2026-03-03T12:00:00.000Z'),
      },
    ]);
  });

  it('confirms the address with the link, once', async () => {
    const { alice, users, verification, lastMailTo, confirmToken, clock } = await emailAddressWorld();
    verification.afterSignUp(alice, ORIGIN);
    const { token } = await lastMailTo(alice.email);
    clock.advance(HOUR);

    await expect(confirmToken(token!)).resolves.toBe(EmailMessages.verified);
    expect((await users.findById(alice.id))!.emailVerifiedAt).toEqual(clock.now());
    await expect(confirmToken(token!)).rejects.toEqual(aDomainError('invalid', EmailMessages.tokenInvalid));
  });

  it('sends again on asking, the new link replacing the old; refuses once confirmed', async () => {
    const { alice, verification, lastMailTo, confirmToken } = await emailAddressWorld();
    verification.afterSignUp(alice, ORIGIN);
    const first = (await lastMailTo(alice.email)).token!;

    await expect(verification.resend({ userId: alice.id, linkOrigin: ORIGIN })).resolves.toBe('alice@example.com');
    const second = (await lastMailTo(alice.email)).token!;
    expect(second).not.toBe(first);

    await expect(confirmToken(first)).rejects.toEqual(aDomainError('invalid', EmailMessages.tokenInvalid));
    await expect(confirmToken(second)).resolves.toBe(EmailMessages.verified);
    await expect(verification.resend({ userId: alice.id, linkOrigin: ORIGIN })).rejects.toEqual(
      aDomainError('invalid', EmailMessages.alreadyVerified),
    );
  });

  it(`sends at most ${EMAIL_LINKS_PER_HOUR} links an hour per account`, async () => {
    const { alice, bob, verification, emails, lastMailTo, clock } = await emailAddressWorld();
    for (let i = 0; i < EMAIL_LINKS_PER_HOUR; i += 1)
      await verification.resend({ userId: alice.id, linkOrigin: ORIGIN });

    await expect(verification.resend({ userId: alice.id, linkOrigin: ORIGIN })).rejects.toEqual(
      aDomainError('too_many', Messages.tooManyAttempts(60)),
    );
    await verification.resend({ userId: bob.id, linkOrigin: ORIGIN });
    await lastMailTo(alice.email);
    expect(emails.sent.filter((mail) => mail.to === alice.email)).toHaveLength(EMAIL_LINKS_PER_HOUR);

    clock.advance(HOUR);
    await expect(verification.resend({ userId: alice.id, linkOrigin: ORIGIN })).resolves.toBe(alice.email);
  });

  it('refuses an expired link, one for an address the account left, and anything that is not a token', async () => {
    const { alice, users, verification, lastMailTo, confirmToken, clock } = await emailAddressWorld();
    verification.afterSignUp(alice, ORIGIN);
    const { token } = await lastMailTo(alice.email);
    const invalid = aDomainError('invalid', EmailMessages.tokenInvalid);

    clock.advance(EMAIL_CONFIRMATION_VALID_HOURS * HOUR);
    await expect(confirmToken(token!)).rejects.toEqual(invalid);

    clock.set('2026-03-02T12:00:00.000Z');
    verification.afterSignUp(alice, ORIGIN);
    const fresh = (await lastMailTo(alice.email)).token!;
    await users.change(alice.id, (user) => user.changeEmail('alice@elsewhere.example', clock.now()));
    await users.change(alice.id, (user) => (user.emailVerifiedAt = null));
    await expect(confirmToken(fresh)).rejects.toEqual(invalid);
    expect((await users.findById(alice.id))!.emailVerifiedAt).toBeNull();

    for (const notAToken of ['', 'short', 'x'.repeat(43).replace('x', '!'), `${fresh}x`])
      await expect(confirmToken(notAToken)).rejects.toEqual(invalid);
  });
});
