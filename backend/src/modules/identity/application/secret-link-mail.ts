import type { OutgoingEmail } from '../../../shared/email/outgoing-email.js';
import type { Transactions } from '../../../shared/transactions.js';
import type { AccountEmails } from './ports/account-emails.js';

/**
 * Sends an e-mail holding a secret link (password reset, address confirmation): the token's hash is stored
 * (`storeToken`) and the e-mail queued in one transaction, so a link that works was always mailed and a mailed
 * link always works; then the outbox sends it and its stored copy loses the token.
 */
export async function sendSecretLink(
  ports: { transactions: Transactions; emails: AccountEmails },
  mail: OutgoingEmail,
  now: Date,
  storeToken: () => Promise<void>,
): Promise<void> {
  await ports.transactions.run(async () => {
    await storeToken();
    await ports.emails.enqueue(mail, now);
  });
  await ports.emails.deliver();
  await ports.emails.forgetSecret(mail.dedupeKey);
}
