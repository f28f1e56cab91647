import { Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Env } from '../../config/env.js';
import { ENV } from '../infrastructure/infrastructure.tokens.js';
import { EmailOutbox } from './email-outbox.js';
import { EmailOutboxRelay } from './email-outbox.relay.js';
import { PostgresEmailOutbox } from './postgres-email.outbox.js';
import { SenderAddress } from './sender-address.js';
import { EmailSender } from './email-sender.js';
import { FileEmailSender } from './file-email.sender.js';
import { SmtpEmailSender } from './smtp-email.sender.js';

/**
 * E-mail: SMTP when SMTP_URL is set, else .eml files in MAIL_DIR; queued in the email_outbox table (the
 * EmailOutbox port, in the caller's transaction) and sent from it.
 */
@Module({
  providers: [
    {
      provide: EmailSender,
      inject: [ENV],
      useFactory: (env: Env): EmailSender =>
        env.SMTP_URL ? new SmtpEmailSender(env.SMTP_URL, env.MAIL_FROM) : new FileEmailSender(env.MAIL_DIR, env.MAIL_FROM),
    },
    EmailOutboxRelay,
    { provide: EmailOutbox, useClass: PostgresEmailOutbox },
    { provide: SenderAddress, inject: [ENV], useFactory: (env: Env) => SenderAddress.of(env.MAIL_FROM) },
  ],
  exports: [EmailSender, EmailOutboxRelay, EmailOutbox, SenderAddress],
})
export class EmailModule implements OnApplicationShutdown {
  constructor(private readonly sender: EmailSender) {}

  onApplicationShutdown(): void {
    if (this.sender instanceof SmtpEmailSender) this.sender.close();
  }
}
