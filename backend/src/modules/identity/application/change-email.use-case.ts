import { Injectable } from '@nestjs/common';
import { Clock } from '../../../shared/clock.js';
import type { Id } from '../../../shared/ids.js';
import { Transactions } from '../../../shared/transactions.js';
import { emailPasswordWrong, emailSameAddress } from '../domain/email-confirmation.js';
import { emailTaken, userNotFound } from '../domain/identity.errors.js';
import { countLinkAskedFor, sendConfirmationLink } from './email-confirmation-link.js';
import { AccountEmails } from './ports/account-emails.js';
import { AttemptLimiter } from './ports/attempt-limiter.js';
import { BackgroundWork } from './ports/background-work.js';
import { EmailConfirmations } from './ports/email-confirmations.js';
import { EmailLinkRateLimit } from './ports/email-link-rate-limit.js';
import { PasswordHasher } from './ports/password-hasher.js';
import { UserRepository } from './ports/user.repository.js';

export interface ChangeEmailCommand {
  userId: Id;
  ip: string;
  /** This browser's device id when it signed in to the account before (its attempts count on their own). */
  device?: string | null;
  email: string;
  password: string;
  /** Where the dashboard is (PUBLIC_URL): the link goes to its /verify-email page. */
  linkOrigin: string;
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * A signed-in creator asks to move their account to another address. The password is checked first, counted
 * as the password change counts it (per account and per client address); then the address must differ from
 * the current one. Every such attempt counts against the account's EMAIL_LINKS_PER_HOUR links an hour, before
 * the address is looked up, so a limited account gets the same 429 whichever address it gives and a taken
 * address cannot be probed faster than that; then it must belong to no other account. A link goes to the NEW
 * address (after the answer); nothing changes until it is opened (ConfirmEmailUseCase).
 */
@Injectable()
export class ChangeEmailUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly limiter: AttemptLimiter,
    private readonly confirmations: EmailConfirmations,
    private readonly emails: AccountEmails,
    private readonly transactions: Transactions,
    private readonly rateLimit: EmailLinkRateLimit,
    private readonly background: BackgroundWork,
    private readonly clock: Clock,
  ) {}

  /** Answers the new address, where the link went. */
  async execute(command: ChangeEmailCommand): Promise<string> {
    const user = await this.users.readById(command.userId);
    if (!user) throw userNotFound();
    const attempt = { action: 'password_change' as const, ip: command.ip, email: user.email, device: command.device };
    await this.limiter.consume(attempt);
    if (!(await this.hasher.verify(user.passwordHash, command.password))) throw emailPasswordWrong();
    await this.limiter.succeeded(attempt);

    const email = command.email.trim();
    if (sameAddress(email, user.email)) throw emailSameAddress();
    await countLinkAskedFor(this.rateLimit, user);
    const holder = await this.users.findByEmail(email);
    if (holder && holder.id !== user.id) throw emailTaken();

    const ports = { confirmations: this.confirmations, transactions: this.transactions, emails: this.emails };
    const linkOrigin = command.linkOrigin;
    this.background.start('email change e-mail', () =>
      sendConfirmationLink(ports, { user, purpose: 'change', email, linkOrigin, now: this.clock.now() }),
    );
    return email;
  }
}
