import { Injectable } from '@nestjs/common';
import { Clock } from '../../../shared/clock.js';
import { Transactions } from '../../../shared/transactions.js';
import { resetEmail } from '../domain/password-emails.js';
import { newResetToken, RESET_VALID_MS, resetLink } from '../domain/password-reset.js';
import { AccountEmails } from './ports/account-emails.js';
import { AttemptLimiter } from './ports/attempt-limiter.js';
import { BackgroundWork } from './ports/background-work.js';
import { PasswordResetTokens } from './ports/password-reset-tokens.js';
import { sendSecretLink } from './secret-link-mail.js';
import { UserRepository } from './ports/user.repository.js';

export interface PasswordResetCommand {
  email: string;
  ip: string;
  /** This browser's device id when it signed in to the account with this address before, else null. */
  device?: string | null;
  /** Where the dashboard is (PUBLIC_URL): the link in the e-mail goes to its /reset-password page. */
  linkOrigin: string;
}

/**
 * Someone forgot their password and gives an e-mail address. The answer is the same, after the same work,
 * whether the address has an account or not and whether a link goes out: only the client address is counted
 * before answering ("too many" for one that asks too often, whatever the addresses). The rest happens after
 * the answer has gone: the e-mail is counted (per address and client address, under a larger cap per address;
 * the owner's own browser on its own count, so nobody spends the owner's resets) and, within those, the
 * account is looked up, and for a known one a new token (replacing any older one) is stored as its hash and a
 * link with the token e-mailed. Beyond them nothing is sent, and nobody is told.
 */
@Injectable()
export class RequestPasswordResetUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly tokens: PasswordResetTokens,
    private readonly emails: AccountEmails,
    private readonly transactions: Transactions,
    private readonly limiter: AttemptLimiter,
    private readonly background: BackgroundWork,
    private readonly clock: Clock,
  ) {}

  async execute(command: PasswordResetCommand): Promise<void> {
    await this.limiter.consume({ action: 'password_reset', ip: command.ip });
    const { email, ip, device } = command;
    this.background.start('password reset e-mail', async () => {
      if (await this.limiter.tryConsume({ action: 'password_reset_email', ip, email, device })) {
        await this.sendLink(email, command.linkOrigin);
      }
    });
  }

  /** E-mails a reset link to the account with this address, if there is one. */
  async sendLink(email: string, linkOrigin: string): Promise<void> {
    const user = await this.users.findByEmail(email.trim());
    if (!user) return;
    const now = this.clock.now();
    const { token, tokenHash } = newResetToken();
    const mail = resetEmail(user, resetLink(linkOrigin, token));
    const expiresAt = new Date(now.getTime() + RESET_VALID_MS);
    await sendSecretLink({ transactions: this.transactions, emails: this.emails }, mail, now, () =>
      this.tokens.replace({ userId: user.id, tokenHash, createdAt: now, expiresAt }),
    );
  }
}
