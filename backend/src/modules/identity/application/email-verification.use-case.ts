import { Injectable } from '@nestjs/common';
import { Clock } from '../../../shared/clock.js';
import type { Id } from '../../../shared/ids.js';
import { Transactions } from '../../../shared/transactions.js';
import { emailAlreadyVerified } from '../domain/email-confirmation.js';
import { userNotFound } from '../domain/identity.errors.js';
import type { User } from '../domain/user.js';
import { countLinkAskedFor, sendConfirmationLink } from './email-confirmation-link.js';
import { AccountEmails } from './ports/account-emails.js';
import { BackgroundWork } from './ports/background-work.js';
import { EmailConfirmations } from './ports/email-confirmations.js';
import { EmailLinkRateLimit } from './ports/email-link-rate-limit.js';
import { UserRepository } from './ports/user.repository.js';

/**
 * The link that confirms the account's own address: e-mailed on sign-up, and again when the creator asks
 * (signed in, at most EMAIL_LINKS_PER_HOUR links an hour, counted with the links of address changes). Each
 * new link replaces the one before. The e-mail goes out after the answer.
 */
@Injectable()
export class EmailVerificationUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly confirmations: EmailConfirmations,
    private readonly emails: AccountEmails,
    private readonly transactions: Transactions,
    private readonly rateLimit: EmailLinkRateLimit,
    private readonly background: BackgroundWork,
    private readonly clock: Clock,
  ) {}

  /** Right after sign-up: the new account's link, sent without holding up the answer. */
  afterSignUp(user: User, linkOrigin: string): void {
    this.send(user, linkOrigin);
  }

  /** Another link for the signed-in creator's address; answers the address it goes to. */
  async resend(command: { userId: Id; linkOrigin: string }): Promise<string> {
    const user = await this.users.readById(command.userId);
    if (!user) throw userNotFound();
    if (user.emailVerifiedAt) throw emailAlreadyVerified();
    await countLinkAskedFor(this.rateLimit, user);
    this.send(user, command.linkOrigin);
    return user.email;
  }

  private send(user: User, linkOrigin: string): void {
    const ports = { confirmations: this.confirmations, transactions: this.transactions, emails: this.emails };
    this.background.start('email verification e-mail', () =>
      sendConfirmationLink(ports, { user, purpose: 'verify', email: user.email, linkOrigin, now: this.clock.now() }),
    );
  }
}
