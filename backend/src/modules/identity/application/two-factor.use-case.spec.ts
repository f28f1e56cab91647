import { Messages, RECOVERY_CODE_COUNT, TwoFactorMessages } from '@linkbio/shared-contracts';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { InMemoryRateLimit } from '../../../shared/testing/in-memory-rate-limit.js';
import { User } from '../domain/user.js';
import { OtpauthTotp } from '../infrastructure/otpauth-totp.js';
import { FakePasswordHasher } from '../testing/fake-password.hasher.js';
import { InMemoryTwoFactorStore } from '../testing/in-memory-two-factor.store.js';
import { totpCode } from '../testing/totp-code.js';
import { TWO_FACTOR_ATTEMPTS, TWO_FACTOR_WINDOW_SECONDS, TwoFactorAttemptLimit } from './ports/two-factor-attempt-limit.js';
import { TwoFactorUseCase } from './two-factor.use-case.js';

const START = new Date('2026-11-24T12:00:00.000Z');

class Attempts extends TwoFactorAttemptLimit {
  constructor(private readonly inner: InMemoryRateLimit) {
    super();
  }
  consume(key: string) {
    return this.inner.consume(key);
  }
}

async function setup() {
  const clock = new FixedClock(START);
  const hasher = new FakePasswordHasher();
  const store = new InMemoryTwoFactorStore();
  const twoFactor = new TwoFactorUseCase(
    store,
    new OtpauthTotp(),
    hasher,
    new Attempts(new InMemoryRateLimit(clock, TWO_FACTOR_ATTEMPTS, TWO_FACTOR_WINDOW_SECONDS)),
    clock,
  );
  const user = User.register(
    { username: 'maya', email: 'maya@example.com', passwordHash: await hasher.hash('secret-1'), displayName: 'Maya', bio: null },
    START,
  );
  const later = (seconds: number) => clock.set(new Date(START.getTime() + seconds * 1000));
  return { clock, store, twoFactor, user, later };
}

async function enabled() {
  const context = await setup();
  const { secret } = await context.twoFactor.setup(context.user);
  const recoveryCodes = await context.twoFactor.enable(context.user.id, totpCode(secret, START));
  return { ...context, secret, recoveryCodes };
}

describe('TwoFactorUseCase', () => {
  it('is off until the first code of the secret set up turns it on, with ten recovery codes', async () => {
    const { twoFactor, user } = await setup();
    const { secret, otpauthUrl } = await twoFactor.setup(user);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(await twoFactor.isRequired(user.id)).toBe(false);

    await expect(twoFactor.enable(user.id, '000000')).rejects.toMatchObject({ kind: 'invalid', message: TwoFactorMessages.codeWrong });
    const codes = await twoFactor.enable(user.id, totpCode(secret, START));

    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    codes.forEach((code) => expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/));
    expect(await twoFactor.isRequired(user.id)).toBe(true);
    expect(await twoFactor.status(user.id)).toEqual({ enabled: true, recoveryCodesLeft: RECOVERY_CODE_COUNT });
  });

  it('refuses to set up again while it is on, and to turn on without a set-up', async () => {
    const { twoFactor, user } = await enabled();
    await expect(twoFactor.setup(user)).rejects.toMatchObject({ kind: 'conflict', message: TwoFactorMessages.alreadyOn });
    const other = await setup();
    await expect(other.twoFactor.enable(other.user.id, '123456')).rejects.toMatchObject({ message: TwoFactorMessages.setupFirst });
  });

  it('accepts each code once: the code of the set-up, and a later code used twice, are refused', async () => {
    const { twoFactor, user, secret, later } = await enabled();
    await expect(twoFactor.verify(user.id, { code: totpCode(secret, START) })).rejects.toMatchObject({ message: TwoFactorMessages.codeWrong });

    later(30);
    const next = totpCode(secret, new Date(START.getTime() + 30_000));
    await twoFactor.verify(user.id, { code: next });
    await expect(twoFactor.verify(user.id, { code: next })).rejects.toMatchObject({ message: TwoFactorMessages.codeWrong });
  });

  it('accepts each recovery code once, in any case and with spaces, and counts what is left', async () => {
    const { twoFactor, user, recoveryCodes } = await enabled();
    const [first] = recoveryCodes;
    await twoFactor.verify(user.id, { recoveryCode: ` ${first!.toUpperCase().replace('-', ' ')} ` });
    await expect(twoFactor.verify(user.id, { recoveryCode: first })).rejects.toMatchObject({ message: TwoFactorMessages.recoveryCodeWrong });
    expect(await twoFactor.status(user.id)).toEqual({ enabled: true, recoveryCodesLeft: RECOVERY_CODE_COUNT - 1 });
  });

  it('wants exactly one of a code and a recovery code', async () => {
    const { twoFactor, user, secret, recoveryCodes } = await enabled();
    await expect(twoFactor.verify(user.id, {})).rejects.toMatchObject({ message: TwoFactorMessages.codeOrRecoveryCode });
    await expect(
      twoFactor.verify(user.id, { code: totpCode(secret, START), recoveryCode: recoveryCodes[0] }),
    ).rejects.toMatchObject({ message: TwoFactorMessages.codeOrRecoveryCode });
  });

  it(`holds an account after ${TWO_FACTOR_ATTEMPTS} attempts a quarter of an hour, even with the right code`, async () => {
    const { twoFactor, user, secret, later } = await enabled(); // turning it on was the first attempt
    for (let i = 1; i < TWO_FACTOR_ATTEMPTS; i += 1) {
      await expect(twoFactor.verify(user.id, { code: '000000' })).rejects.toMatchObject({ kind: 'invalid' });
    }
    later(30);
    const good = totpCode(secret, new Date(START.getTime() + 30_000));
    await expect(twoFactor.verify(user.id, { code: good })).rejects.toMatchObject({ kind: 'too_many', message: Messages.tooManyAttempts(15) });

    later(TWO_FACTOR_WINDOW_SECONDS);
    await twoFactor.verify(user.id, { code: totpCode(secret, new Date(START.getTime() + TWO_FACTOR_WINDOW_SECONDS * 1000)) });
  });

  it('switches off only with the password and a second step', async () => {
    const { twoFactor, user, recoveryCodes } = await enabled();
    await expect(twoFactor.disable(user, 'wrong', { recoveryCode: recoveryCodes[0] })).rejects.toMatchObject({ message: TwoFactorMessages.passwordWrong });
    await expect(twoFactor.disable(user, 'secret-1', { code: '000000' })).rejects.toMatchObject({ message: TwoFactorMessages.codeWrong });
    expect(await twoFactor.isRequired(user.id)).toBe(true);

    await twoFactor.disable(user, 'secret-1', { recoveryCode: recoveryCodes[1] });
    expect(await twoFactor.status(user.id)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
  });
});
