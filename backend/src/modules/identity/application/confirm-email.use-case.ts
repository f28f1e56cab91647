import { Injectable } from '@nestjs/common';
import { EmailMessages } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { Transactions } from '../../../shared/transactions.js';
import { emailChangedMessage } from '../domain/email-address-emails.js';
import { emailTokenInvalid } from '../domain/email-confirmation.js';
import { emailTaken } from '../domain/identity.errors.js';
import { hashSecretToken } from '../../../shared/secret-link.js';
import { AccountEmails } from './ports/account-emails.js';
import { AttemptLimiter } from './ports/attempt-limiter.js';
import { BackgroundWork } from './ports/background-work.js';
import { EmailConfirmations } from './ports/email-confirmations.js';
import { PasswordResetTokens } from './ports/password-reset-tokens.js';
import { UserRepository } from './ports/user.repository.js';

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The link from an e-mail confirming an address, opened (signed in or not). It works once, while valid and
 * while no newer link of its kind replaced it; anything else is refused with one answer and changes nothing.
 * - 'verify': the account's address is confirmed, if it is still the address the link was sent to.
 * - 'change': the account moves to the new address, confirmed, unless another account has taken it since
 *   (checked again here and by the unique index); the OLD address is told, and a reset link mailed to it
 *   ends, in the same transaction.
 * Answers what the creator reads.
 */
@Injectable()
export class ConfirmEmailUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly confirmations: EmailConfirmations,
    private readonly resetTokens: PasswordResetTokens,
    private readonly emails: AccountEmails,
    private readonly transactions: Transactions,
    private readonly limiter: AttemptLimiter,
    private readonly background: BackgroundWork,
    private readonly clock: Clock,
  ) {}

  async execute(command: { token: string; ip: string }): Promise<string> {
    await this.limiter.consume({ action: 'email_confirm', ip: command.ip });
    const tokenHash = hashSecretToken(command.token);
    if (!tokenHash) throw emailTokenInvalid();

    const message = await this.transactions.run(async () => {
      const now = this.clock.now();
      const link = await this.confirmations.take(tokenHash, now);
      const user = link ? await this.users.findById(link.userId) : null;
      if (!link || !user) throw emailTokenInvalid();
      if (link.purpose === 'verify') {
        if (!sameAddress(user.email, link.email)) throw emailTokenInvalid();
        user.verifyEmail(now);
        await this.users.save(user);
        return EmailMessages.verified;
      }
      const holder = await this.users.findByEmail(link.email);
      if (holder && holder.id !== user.id) throw emailTaken();
      const before = { email: user.email, displayName: user.displayName };
      user.changeEmail(link.email, now);
      await this.users.save(user);
      await this.resetTokens.removeFor(user.id);
      await this.emails.enqueue(emailChangedMessage(before, link.email, now), now);
      return EmailMessages.changed(link.email);
    });
    this.background.start('email changed e-mail', () => this.emails.deliver());
    return message;
  }
}
