import { Injectable } from '@nestjs/common';
import { Clock } from '../../../shared/clock.js';
import { Transactions } from '../../../shared/transactions.js';
import { resetTokenInvalid } from '../domain/account-security.errors.js';
import { passwordChangedEmail } from '../domain/password-emails.js';
import { hashResetToken } from '../domain/password-reset.js';
import { AccountEmails } from './ports/account-emails.js';
import { AccountSessions } from './ports/account-sessions.js';
import { AttemptLimiter } from './ports/attempt-limiter.js';
import { BackgroundWork } from './ports/background-work.js';
import { PasswordHasher } from './ports/password-hasher.js';
import { PasswordResetTokens } from './ports/password-reset-tokens.js';
import { UserRepository } from './ports/user.repository.js';

export interface ResetPasswordCommand {
  token: string;
  password: string;
  ip: string;
}

/**
 * The link from the reset e-mail, with a new password. The token works once, while valid and while no newer
 * one replaced it; anything else is refused with one answer and changes nothing. The token is used and the
 * password stored in one transaction, with an e-mail telling the owner; then every session of the account
 * ends (sign-ins waiting for their second step too), and the account's failed sign-ins and codes are
 * forgotten (whoever reads its mailbox may sign in at once).
 */
@Injectable()
export class ResetPasswordUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly tokens: PasswordResetTokens,
    private readonly sessions: AccountSessions,
    private readonly emails: AccountEmails,
    private readonly background: BackgroundWork,
    private readonly transactions: Transactions,
    private readonly limiter: AttemptLimiter,
    private readonly clock: Clock,
  ) {}

  async execute(command: ResetPasswordCommand): Promise<void> {
    await this.limiter.consume({ action: 'password_reset_confirm', ip: command.ip });
    const tokenHash = hashResetToken(command.token);
    // The new password is hashed (slow by design) only for a token that can still work.
    if (!tokenHash || !(await this.tokens.findValid(tokenHash, this.clock.now()))) throw resetTokenInvalid();
    const passwordHash = await this.hasher.hash(command.password);

    const user = await this.transactions.run(async () => {
      const now = this.clock.now();
      const userId = await this.tokens.take(tokenHash, now);
      const found = userId ? await this.users.findById(userId) : null;
      if (!found) throw resetTokenInvalid();
      found.changePassword(passwordHash, now);
      await this.users.save(found);
      await this.emails.enqueue(passwordChangedEmail(found, 'reset', now), now);
      return found;
    });
    this.background.start('password changed e-mail', () => this.emails.deliver());
    await this.sessions.endAllOf(user.id, null);
    await this.limiter.succeeded({ action: 'login', ip: command.ip, email: user.email });
    await this.limiter.succeeded({ action: 'two_factor', ip: command.ip, email: user.email });
  }
}
