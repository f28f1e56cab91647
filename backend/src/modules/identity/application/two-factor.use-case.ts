import { Injectable } from '@nestjs/common';
import { Messages, TwoFactorMessages, type TwoFactorStatusView } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { conflict, DomainError, invalid } from '../../../shared/domain-error.js';
import type { Id } from '../../../shared/ids.js';
import { newRecoveryCodes, recoveryCodeHash } from '../domain/two-factor.js';
import type { User } from '../domain/user.js';
import { PasswordHasher } from './ports/password-hasher.js';
import { Totp } from './ports/totp.js';
import { TwoFactorAttemptLimit } from './ports/two-factor-attempt-limit.js';
import { TwoFactorStore } from './ports/two-factor.store.js';

/** The second step: a code from the authenticator app, or one recovery code. */
export interface SecondFactor {
  code?: string;
  recoveryCode?: string;
}

/**
 * Two-factor sign-in (TOTP, RFC 6238): set up with a QR code and one code, ten single-use recovery codes,
 * each code usable once (a code of a step already used is refused), every attempt counted per account.
 */
@Injectable()
export class TwoFactorUseCase {
  constructor(
    private readonly store: TwoFactorStore,
    private readonly totp: Totp,
    private readonly hasher: PasswordHasher,
    private readonly attempts: TwoFactorAttemptLimit,
    private readonly clock: Clock,
  ) {}

  async status(userId: Id): Promise<TwoFactorStatusView> {
    const state = await this.store.state(userId);
    return state?.enabled ? { enabled: true, recoveryCodesLeft: state.recoveryCodesLeft } : { enabled: false, recoveryCodesLeft: 0 };
  }

  /** Whether signing in to this account takes a second step. */
  async isRequired(userId: Id): Promise<boolean> {
    return (await this.store.state(userId))?.enabled === true;
  }

  /** A new secret for the app to scan; it counts for nothing until `enable` gets one of its codes. */
  async setup(user: User): Promise<{ secret: string; otpauthUrl: string }> {
    const secret = this.totp.newSecret();
    if (!(await this.store.startSetup(user.id, secret, this.clock.now()))) throw conflict(TwoFactorMessages.alreadyOn);
    return { secret, otpauthUrl: this.totp.otpauthUrl(secret, user.email) };
  }

  /** Turns two-factor on with the first code of the secret set up; answers the recovery codes, shown once. */
  async enable(userId: Id, code: string): Promise<string[]> {
    await this.countAttempt(userId);
    const state = await this.store.state(userId);
    if (!state) throw invalid(TwoFactorMessages.setupFirst);
    if (state.enabled) throw conflict(TwoFactorMessages.alreadyOn);
    const now = this.clock.now();
    const step = this.totp.matchingStep(state.secret, code, now);
    if (step === null) throw invalid(TwoFactorMessages.codeWrong);
    const codes = newRecoveryCodes();
    if (!(await this.store.enable(userId, state.secret, step, codes.map(recoveryCodeHash), now))) {
      throw invalid(TwoFactorMessages.setupFirst);
    }
    return codes;
  }

  /** The second step of signing in (or of switching it off): refused unless the code or recovery code is good. */
  async verify(userId: Id, factor: SecondFactor): Promise<void> {
    const hasCode = factor.code !== undefined;
    if (hasCode === (factor.recoveryCode !== undefined)) throw invalid(TwoFactorMessages.codeOrRecoveryCode);
    await this.countAttempt(userId);
    const state = await this.store.state(userId);
    if (!state?.enabled) throw invalid(TwoFactorMessages.notOn);
    const now = this.clock.now();
    if (hasCode) {
      const step = this.totp.matchingStep(state.secret, factor.code!, now);
      if (step === null || !(await this.store.useStep(userId, step))) throw invalid(TwoFactorMessages.codeWrong);
      return;
    }
    if (!(await this.store.useRecoveryCode(userId, recoveryCodeHash(factor.recoveryCode!), now))) {
      throw invalid(TwoFactorMessages.recoveryCodeWrong);
    }
  }

  /** Switching off takes the password and a second step. */
  async disable(user: User, password: string, factor: SecondFactor): Promise<void> {
    if (!(await this.hasher.verify(user.passwordHash, password))) throw invalid(TwoFactorMessages.passwordWrong);
    await this.verify(user.id, factor);
    await this.store.disable(user.id);
  }

  private async countAttempt(userId: Id): Promise<void> {
    const wait = await this.attempts.consume(userId);
    if (wait !== null) {
      throw new DomainError('too_many', Messages.tooManyAttempts(Math.ceil(wait / 60)), { retryAfterSeconds: wait });
    }
  }
}
