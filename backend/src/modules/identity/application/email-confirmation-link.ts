import { DomainError } from '../../../shared/domain-error.js';
import type { Transactions } from '../../../shared/transactions.js';
import { Messages } from '@linkbio/shared-contracts';
import { confirmNewEmailMessage, verifyEmailMessage } from '../domain/email-address-emails.js';
import {
  confirmEmailLink,
  EMAIL_CONFIRMATION_VALID_MS,
  type EmailConfirmationPurpose,
} from '../domain/email-confirmation.js';
import { newSecretToken } from '../../../shared/secret-link.js';
import type { User } from '../domain/user.js';
import type { AccountEmails } from './ports/account-emails.js';
import type { EmailConfirmations } from './ports/email-confirmations.js';
import type { EmailLinkRateLimit } from './ports/email-link-rate-limit.js';
import { sendSecretLink } from './secret-link-mail.js';

export interface ConfirmationLinkPorts {
  confirmations: EmailConfirmations;
  transactions: Transactions;
  emails: AccountEmails;
}

/**
 * E-mails a link confirming `email` for the account: its own address ('verify') or a new one ('change'). The
 * link replaces the account's earlier link of that purpose and works for EMAIL_CONFIRMATION_VALID_HOURS.
 */
export function sendConfirmationLink(
  ports: ConfirmationLinkPorts,
  link: { user: User; purpose: EmailConfirmationPurpose; email: string; linkOrigin: string; now: Date },
): Promise<void> {
  const { user, purpose, email, now } = link;
  const { token, tokenHash } = newSecretToken();
  const url = confirmEmailLink(link.linkOrigin, token);
  const mail =
    purpose === 'verify' ? verifyEmailMessage(user, url) : confirmNewEmailMessage({ ...user, newEmail: email }, url);
  const expiresAt = new Date(now.getTime() + EMAIL_CONFIRMATION_VALID_MS);
  return sendSecretLink(ports, mail, now, () =>
    ports.confirmations.replace({ userId: user.id, purpose, email, tokenHash, createdAt: now, expiresAt }),
  );
}

/** Counts one link asked for by the account; "too many" once it asked for EMAIL_LINKS_PER_HOUR within the hour. */
export async function countLinkAskedFor(rateLimit: EmailLinkRateLimit, user: User): Promise<void> {
  const wait = await rateLimit.consume(user.id);
  if (wait !== null)
    throw new DomainError('too_many', Messages.tooManyAttempts(Math.ceil(wait / 60)), { retryAfterSeconds: wait });
}
