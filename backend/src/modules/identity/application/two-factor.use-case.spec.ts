import { Messages, RECOVERY_CODE_COUNT, TwoFactorMessages } from '@linkbio/shared-contracts';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { User } from '../domain/user.js';
import { ATTEMPT_LIMITS } from '../infrastructure/flexible-attempt.limiter.js';
import { OtpauthTotp } from '../infrastructure/otpauth-totp.js';
import { FakePasswordHasher } from '../testing/fake-password.hasher.js';
import { InMemoryTwoFactorStore } from '../testing/in-memory-two-factor.store.js';
import { memoryAttemptLimiter } from '../testing/memory-attempt-limiter.js';
import { totpCode } from '../testing/totp-code.js';
import type { AttemptOrigin } from './ports/attempt-limiter.js';
import { TwoFactorUseCase } from './two-factor.use-case.js';

const START = new Date('2026-11-24T12:00:00.000Z');
const CODES = ATTEMPT_LIMITS.two_factor;
let address = 0;
/** A browser of its own at a client address of its own. */
const stranger = (): AttemptOrigin => ({ ip: `10.2.${(address += 1) >> 8}.${address & 255}`, device: null });
const ownersDevice: AttemptOrigin = { ip: '10.3.0.1', device: 'owners-device' };

async function setup() {
  const clock = new FixedClock(START);
  const hasher = new FakePasswordHasher();
  const store = new InMemoryTwoFactorStore();
  const twoFactor = new TwoFactorUseCase(store, new OtpauthTotp(), hasher, memoryAttemptLimiter(), clock);
  const user = User.register(
    {
      username: 'maya',
      email: 'maya@example.com',
      passwordHash: await hasher.hash('secret-1'),
      displayName: 'Maya',
      bio: null,
    },
    START,
  );
  const later = (seconds: number) => clock.set(new Date(START.getTime() + seconds * 1000));
  return { clock, store, twoFactor, user, later };
}

async function enabled() {
  const context = await setup();
  const { secret } = await context.twoFactor.setup(context.user);
  const recoveryCodes = await context.twoFactor.enable(context.user, totpCode(secret, START), stranger());
  return { ...context, secret, recoveryCodes };
}

describe('TwoFactorUseCase', () => {
  it('is off until the first code of the secret set up turns it on, with ten recovery codes', async () => {
    const { twoFactor, user } = await setup();
    const { secret, otpauthUrl } = await twoFactor.setup(user);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(await twoFactor.isRequired(user.id)).toBe(false);

    await expect(twoFactor.enable(user, '000000', stranger())).rejects.toMatchObject({
      kind: 'invalid',
      message: TwoFactorMessages.codeWrong,
    });
    const codes = await twoFactor.enable(user, totpCode(secret, START), stranger());

    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    codes.forEach((code) => expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/));
    expect(await twoFactor.isRequired(user.id)).toBe(true);
    expect(await twoFactor.status(user.id)).toEqual({ enabled: true, recoveryCodesLeft: RECOVERY_CODE_COUNT });
  });

  it('refuses to set up again while it is on, and to turn on without a set-up', async () => {
    const { twoFactor, user } = await enabled();
    await expect(twoFactor.setup(user)).rejects.toMatchObject({
      kind: 'conflict',
      message: TwoFactorMessages.alreadyOn,
    });
    const other = await setup();
    await expect(other.twoFactor.enable(other.user, '123456', stranger())).rejects.toMatchObject({
      message: TwoFactorMessages.setupFirst,
    });
  });

  it('accepts each code once: the code of the set-up, and a later code used twice, are refused', async () => {
    const { twoFactor, user, secret, later } = await enabled();
    await expect(twoFactor.verify(user, { code: totpCode(secret, START) }, stranger())).rejects.toMatchObject({
      message: TwoFactorMessages.codeWrong,
    });

    later(30);
    const next = totpCode(secret, new Date(START.getTime() + 30_000));
    await twoFactor.verify(user, { code: next }, stranger());
    await expect(twoFactor.verify(user, { code: next }, stranger())).rejects.toMatchObject({
      message: TwoFactorMessages.codeWrong,
    });
  });

  it('accepts each recovery code once, in any case and with spaces, and counts what is left', async () => {
    const { twoFactor, user, recoveryCodes } = await enabled();
    const [first] = recoveryCodes;
    await twoFactor.verify(user, { recoveryCode: ` ${first!.toUpperCase().replace('-', ' ')} ` }, stranger());
    await expect(twoFactor.verify(user, { recoveryCode: first }, stranger())).rejects.toMatchObject({
      message: TwoFactorMessages.recoveryCodeWrong,
    });
    expect(await twoFactor.status(user.id)).toEqual({ enabled: true, recoveryCodesLeft: RECOVERY_CODE_COUNT - 1 });
  });

  it('wants exactly one of a code and a recovery code', async () => {
    const { twoFactor, user, secret, recoveryCodes } = await enabled();
    await expect(twoFactor.verify(user, {}, stranger())).rejects.toMatchObject({
      message: TwoFactorMessages.codeOrRecoveryCode,
    });
    await expect(
      twoFactor.verify(user, { code: totpCode(secret, START), recoveryCode: recoveryCodes[0] }, stranger()),
    ).rejects.toMatchObject({ message: TwoFactorMessages.codeOrRecoveryCode });
  });

  it(`holds an account after ${CODES.perEmail} wrong codes, even with the right code, but not the owner's device`, async () => {
    const { twoFactor, user, secret, later } = await enabled();
    for (let i = 0; i < CODES.perEmail; i += 1) {
      await expect(twoFactor.verify(user, { code: '000000' }, stranger())).rejects.toMatchObject({ kind: 'invalid' });
    }
    later(30);
    const good = totpCode(secret, new Date(START.getTime() + 30_000));
    await expect(twoFactor.verify(user, { code: good }, stranger())).rejects.toMatchObject({
      kind: 'too_many',
      message: Messages.tooManyAttempts(15),
    });

    await twoFactor.verify(user, { code: good }, ownersDevice);
  });

  it(`holds a client address after ${CODES.perIp} wrong codes, whatever the accounts`, async () => {
    const ip = stranger();
    const { twoFactor, user, store } = await enabled();
    for (let i = 0; i < CODES.perIp; i += 1) {
      const account = { id: user.id, email: `guess${i}@example.com` };
      await expect(twoFactor.verify(account, { code: '000000' }, ip)).rejects.toMatchObject({ kind: 'invalid' });
    }

    await expect(twoFactor.verify(user, { code: '000000' }, ip)).rejects.toMatchObject({ kind: 'too_many' });
    await expect(twoFactor.verify(user, { code: '000000' }, stranger())).rejects.toMatchObject({ kind: 'invalid' });
    expect(await store.state(user.id)).toMatchObject({ enabled: true });
  });

  it(`holds the password of switching off after ${ATTEMPT_LIMITS.password_change.perEmail} wrong ones, even the right one`, async () => {
    const { twoFactor, user, recoveryCodes } = await enabled();
    for (let i = 0; i < ATTEMPT_LIMITS.password_change.perEmail; i += 1) {
      await expect(
        twoFactor.disable(user, `wrong ${i}`, { recoveryCode: recoveryCodes[0] }, stranger()),
      ).rejects.toMatchObject({
        message: TwoFactorMessages.passwordWrong,
      });
    }

    await expect(
      twoFactor.disable(user, 'secret-1', { recoveryCode: recoveryCodes[0] }, stranger()),
    ).rejects.toMatchObject({
      kind: 'too_many',
    });
    expect(await twoFactor.isRequired(user.id)).toBe(true);
    await twoFactor.disable(user, 'secret-1', { recoveryCode: recoveryCodes[0] }, ownersDevice);
    expect(await twoFactor.isRequired(user.id)).toBe(false);
  });

  it('switches off only with the password and a second step', async () => {
    const { twoFactor, user, recoveryCodes } = await enabled();
    await expect(
      twoFactor.disable(user, 'wrong', { recoveryCode: recoveryCodes[0] }, stranger()),
    ).rejects.toMatchObject({ message: TwoFactorMessages.passwordWrong });
    await expect(twoFactor.disable(user, 'secret-1', { code: '000000' }, stranger())).rejects.toMatchObject({
      message: TwoFactorMessages.codeWrong,
    });
    expect(await twoFactor.isRequired(user.id)).toBe(true);

    await twoFactor.disable(user, 'secret-1', { recoveryCode: recoveryCodes[1] }, stranger());
    expect(await twoFactor.status(user.id)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
  });
});
