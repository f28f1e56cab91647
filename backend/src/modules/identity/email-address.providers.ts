import type { Provider } from '@nestjs/common';
import { rateLimitProvider } from '../../shared/infrastructure/rate-limiters.js';
import { ChangeEmailUseCase } from './application/change-email.use-case.js';
import { ConfirmEmailUseCase } from './application/confirm-email.use-case.js';
import { EmailVerificationUseCase } from './application/email-verification.use-case.js';
import { EmailConfirmations } from './application/ports/email-confirmations.js';
import { EMAIL_LINKS_PER_HOUR, EmailLinkRateLimit } from './application/ports/email-link-rate-limit.js';
import { EmailAddressController } from './http/email-address.controller.js';
import { PostgresEmailConfirmations } from './infrastructure/postgres-email-confirmations.js';

/**
 * The account's e-mail address (issue 14): verification on sign-up and changes confirmed by the new address.
 * Part of the identity module; it uses the outbox, transactions and background work of account-security.providers.
 */
export const EMAIL_ADDRESS_CONTROLLERS = [EmailAddressController];

export const EMAIL_ADDRESS_PROVIDERS: Provider[] = [
  { provide: EmailConfirmations, useClass: PostgresEmailConfirmations },
  rateLimitProvider(EmailLinkRateLimit, 'email_links', EMAIL_LINKS_PER_HOUR, 60 * 60),
  EmailVerificationUseCase,
  ChangeEmailUseCase,
  ConfirmEmailUseCase,
];
