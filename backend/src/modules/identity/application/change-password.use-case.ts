import { Injectable } from '@nestjs/common';
import { Clock } from '../../../shared/clock.js';
import type { Id } from '../../../shared/ids.js';
import { currentPasswordWrong, newPasswordSame } from '../domain/account-security.errors.js';
import { passwordChangedEmail } from '../domain/password-emails.js';
import { userNotFound } from '../domain/identity.errors.js';
import type { User } from '../domain/user.js';
import { AccountEmails } from './ports/account-emails.js';
import { AccountSessions } from './ports/account-sessions.js';
import { AttemptLimiter } from './ports/attempt-limiter.js';
import { BackgroundWork } from './ports/background-work.js';
import { PasswordHasher } from './ports/password-hasher.js';
import { PasswordResetTokens } from './ports/password-reset-tokens.js';
import { UserRepository } from './ports/user.repository.js';

export interface ChangePasswordCommand {
  userId: Id;
  ip: string;
  /** This browser's device id when it signed in to the account before (its attempts count on their own). */
  device?: string | null;
  /** The session the change is made from: it stays signed in, every other session of the account ends. */
  currentSid: string;
  currentPassword: string;
  newPassword: string;
}

/**
 * A signed-in creator changes their password. The current password is checked first, counted as sign-in
 * attempts are (per account and per address), so a stolen session cannot guess it; then the new one must
 * differ from it. Every other session of the account ends (sign-ins waiting for their second step too: they are
 * bound to the password they were given with), so does a reset link mailed before, and the owner is told by
 * e-mail (sent after the answer).
 */
@Injectable()
export class ChangePasswordUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly limiter: AttemptLimiter,
    private readonly sessions: AccountSessions,
    private readonly resetTokens: PasswordResetTokens,
    private readonly emails: AccountEmails,
    private readonly background: BackgroundWork,
    private readonly clock: Clock,
  ) {}

  async execute(command: ChangePasswordCommand): Promise<User> {
    const user = await this.users.readById(command.userId);
    if (!user) throw userNotFound();
    const attempt = { action: 'password_change' as const, ip: command.ip, email: user.email, device: command.device };
    await this.limiter.consume(attempt);
    if (!(await this.hasher.verify(user.passwordHash, command.currentPassword))) throw currentPasswordWrong();
    await this.limiter.succeeded(attempt);
    if (command.newPassword === command.currentPassword) throw newPasswordSame();

    const passwordHash = await this.hasher.hash(command.newPassword);
    const now = this.clock.now();
    const changed = await this.users.change(user.id, (stored) => stored.changePassword(passwordHash, now));
    if (!changed) throw userNotFound();
    await this.resetTokens.removeFor(user.id);
    await this.sessions.endAllOf(user.id, command.currentSid);
    await this.emails.enqueue(passwordChangedEmail(changed, 'changed', now), now);
    this.background.start('password changed e-mail', () => this.emails.deliver());
    return changed;
  }
}
