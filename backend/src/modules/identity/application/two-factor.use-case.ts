import { Injectable } from '@nestjs/common';
import { TwoFactorMessages, type TwoFactorStatusView } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { conflict, invalid } from '../../../shared/domain-error.js';
import type { Id } from '../../../shared/ids.js';
import { newRecoveryCodes, recoveryCodeHash } from '../domain/two-factor.js';
import type { User } from '../domain/user.js';
import { AttemptLimiter, type Attempt, type AttemptOrigin } from './ports/attempt-limiter.js';
import { PasswordHasher } from './ports/password-hasher.js';
import { Totp } from './ports/totp.js';
import { TwoFactorStore } from './ports/two-factor.store.js';

/** The second step: a code from the authenticator app, or one recovery code. */
export interface SecondFactor {
  code?: string;
  recoveryCode?: string;
}

/** The account whose code or password is checked: its id, and its e-mail address that its attempts count on. */
type Account = Pick<User, 'id' | 'email'>;

/**
 * Two-factor sign-in (TOTP, RFC 6238): set up with a QR code and one code, ten single-use recovery codes,
 * each code usable once (a code of a step already used is refused). Every code is counted as sign-ins are
 * (AttemptLimiter's two_factor: per account or per trusted device, and per client address), and the password
 * that switching it off takes as every other password check of a signed-in account (password_change).
 */
@Injectable()
export class TwoFactorUseCase {
  constructor(
    private readonly store: TwoFactorStore,
    private readonly totp: Totp,
    private readonly hasher: PasswordHasher,
    private readonly limiter: AttemptLimiter,
    private readonly clock: Clock,
  ) {}

  async status(userId: Id): Promise<TwoFactorStatusView> {
    const state = await this.store.state(userId);
    return state?.enabled
      ? { enabled: true, recoveryCodesLeft: state.recoveryCodesLeft }
      : { enabled: false, recoveryCodesLeft: 0 };
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
  async enable(user: Account, code: string, from: AttemptOrigin): Promise<string[]> {
    const userId = user.id;
    const attempt = this.codeAttempt(user, from);
    await this.limiter.consume(attempt);
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
    await this.limiter.succeeded(attempt);
    return codes;
  }

  /** The second step of signing in (or of switching it off): refused unless the code or recovery code is good. */
  async verify(user: Account, factor: SecondFactor, from: AttemptOrigin): Promise<void> {
    const hasCode = factor.code !== undefined;
    if (hasCode === (factor.recoveryCode !== undefined)) throw invalid(TwoFactorMessages.codeOrRecoveryCode);
    const attempt = this.codeAttempt(user, from);
    await this.limiter.consume(attempt);
    const state = await this.store.state(user.id);
    if (!state?.enabled) throw invalid(TwoFactorMessages.notOn);
    const now = this.clock.now();
    if (hasCode) {
      const step = this.totp.matchingStep(state.secret, factor.code!, now);
      if (step === null || !(await this.store.useStep(user.id, step))) throw invalid(TwoFactorMessages.codeWrong);
    } else if (!(await this.store.useRecoveryCode(user.id, recoveryCodeHash(factor.recoveryCode!), now))) {
      throw invalid(TwoFactorMessages.recoveryCodeWrong);
    }
    await this.limiter.succeeded(attempt);
  }

  /** Switching off takes the password (counted as every password check of a signed-in account) and a second step. */
  async disable(user: User, password: string, factor: SecondFactor, from: AttemptOrigin): Promise<void> {
    const attempt: Attempt = { action: 'password_change', ip: from.ip, email: user.email, device: from.device };
    await this.limiter.consume(attempt);
    if (!(await this.hasher.verify(user.passwordHash, password))) throw invalid(TwoFactorMessages.passwordWrong);
    await this.limiter.succeeded(attempt);
    await this.verify(user, factor, from);
    await this.store.disable(user.id);
  }

  private codeAttempt(user: Account, from: AttemptOrigin): Attempt {
    return { action: 'two_factor', ip: from.ip, email: user.email, device: from.device };
  }
}
