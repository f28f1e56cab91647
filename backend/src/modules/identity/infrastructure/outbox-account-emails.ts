import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { EmailOutboxRelay } from '../../../shared/email/email-outbox.relay.js';
import { queueEmail, type OutgoingEmail } from '../../../shared/email/outgoing-email.js';
import { AccountEmails } from '../application/ports/account-emails.js';

/** What stands in a sent e-mail's stored text for the link's token. */
const TOKEN_REMOVED = 'token=(removed once sent)';

/**
 * The shared email_outbox table, sent by EmailOutboxRelay (SMTP or .eml files) once the transaction that
 * queued the e-mail has committed. A failed send stays queued and is retried by the worker's sweep. A sent
 * e-mail's secret link is taken out of the stored copy, so the outbox does not keep a token that still works.
 */
@Injectable()
export class OutboxAccountEmails extends AccountEmails {
  private readonly logger = new Logger('Email');

  constructor(
    private readonly em: EntityManager,
    private readonly relay: EmailOutboxRelay,
  ) {
    super();
  }

  enqueue(email: OutgoingEmail, now: Date): Promise<void> {
    return queueEmail(this.em, email, now);
  }

  async deliver(): Promise<void> {
    await this.relay.deliverPending();
  }

  async forgetSecret(dedupeKey: string): Promise<void> {
    try {
      // Another relay run may be sending it right now (it skipped our deliver): wait for its lock to go, so
      // the update below, a statement of its own, sees it sent.
      await this.em.execute('select 1 from email_outbox where dedupe_key = ? for update', [dedupeKey]);
      await this.em.execute(
        `update email_outbox set body = regexp_replace(body, 'token=[A-Za-z0-9_-]+', ?, 'g')
          where dedupe_key = ? and sent_at is not null`,
        [TOKEN_REMOVED, dedupeKey],
      );
    } catch (error) {
      this.logger.warn(
        `Sent e-mail ${dedupeKey} keeps its link for now (${error instanceof Error ? error.name : 'error'})`,
      );
    }
  }
}
