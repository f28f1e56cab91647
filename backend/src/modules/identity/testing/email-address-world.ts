import { EMAIL_LINKS_PER_HOUR } from '../application/ports/email-link-rate-limit.js';
import { ChangeEmailUseCase } from '../application/change-email.use-case.js';
import { ConfirmEmailUseCase } from '../application/confirm-email.use-case.js';
import { EmailVerificationUseCase } from '../application/email-verification.use-case.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { ImmediateTransactions } from '../../../shared/testing/immediate.transactions.js';
import { InMemoryRateLimit } from '../../../shared/testing/in-memory-rate-limit.js';
import { DeferredBackgroundWork } from './deferred-background-work.js';
import { FakePasswordHasher } from './fake-password.hasher.js';
import { storedUser } from './stored-user.js';
import { InMemoryEmailConfirmations } from './in-memory-email-confirmations.js';
import { InMemoryPasswordResetTokens } from './in-memory-password-reset-tokens.js';
import { InMemoryUserRepository } from './in-memory-user.repository.js';
import { memoryAttemptLimiter } from './memory-attempt-limiter.js';
import { RecordingAccountEmails } from './recording-account-emails.js';

export const ORIGIN = 'https://linkbio.example';
const LINK = /^https:\/\/linkbio\.example\/verify-email\?token=([A-Za-z0-9_-]{43})$/m;

/** The e-mail address use cases over in-memory fakes, with accounts alice and bob (password "correct horse"). */
export async function emailAddressWorld() {
  const users = new InMemoryUserRepository();
  const hasher = new FakePasswordHasher();
  const confirmations = new InMemoryEmailConfirmations();
  const resetTokens = new InMemoryPasswordResetTokens();
  const emails = new RecordingAccountEmails();
  const background = new DeferredBackgroundWork();
  const clock = new FixedClock('2026-03-02T12:00:00.000Z');
  const transactions = new ImmediateTransactions();
  const limiter = memoryAttemptLimiter();
  const links = new InMemoryRateLimit(clock, EMAIL_LINKS_PER_HOUR, 60 * 60);
  const account = (name: string) => storedUser(users, hasher, name);
  const alice = await account('alice');
  const bob = await account('bob');
  const verification = new EmailVerificationUseCase(
    users,
    confirmations,
    emails,
    transactions,
    links,
    background,
    clock,
  );
  const change = new ChangeEmailUseCase(
    users,
    hasher,
    limiter,
    confirmations,
    emails,
    transactions,
    links,
    background,
    clock,
  );
  const confirm = new ConfirmEmailUseCase(
    users,
    confirmations,
    resetTokens,
    emails,
    transactions,
    limiter,
    background,
    clock,
  );
  /** Runs the work after the answers, then the last e-mail sent to `to` and the token of its link. */
  const lastMailTo = async (to: string) => {
    await background.runAll();
    const mail = emails.sent.filter((sent) => sent.to === to).at(-1);
    return { mail, token: mail ? LINK.exec(mail.text)?.[1] : undefined };
  };
  const confirmToken = (token: string, ip = '10.0.0.1') => confirm.execute({ token, ip });
  return {
    users,
    hasher,
    confirmations,
    resetTokens,
    emails,
    background,
    clock,
    alice,
    bob,
    verification,
    change,
    confirm,
    lastMailTo,
    confirmToken,
  };
}
