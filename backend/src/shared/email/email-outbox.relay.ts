import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '../clock.js';
import { Metrics, type Counter } from '../metrics/metrics.js';
import { EmailSender } from './email-sender.js';
import { maskEmail, maskEmails } from '../logging/mask-email.js';

interface OutboxRow {
  id: string;
  recipient: string;
  subject: string;
  body: string;
  calendar_method: 'REQUEST' | 'CANCEL' | null;
  calendar: string | null;
  headers: Record<string, string> | null;
}

const MAX_ATTEMPTS = 5;

/**
 * Sends what the email_outbox table holds. Rows are written in the same transaction as the change they tell
 * about (a paid booking), and sent after it commits: a failed send never undoes the change and is retried
 * (up to 5 attempts). Each row is claimed with FOR UPDATE SKIP LOCKED and marked sent in the same
 * transaction, so concurrent relays never send a row twice; only a crash between the SMTP hand-over and
 * that commit could repeat one (at-least-once, with that single window).
 */
@Injectable()
export class EmailOutboxRelay {
  private readonly logger = new Logger('Email');
  private readonly emailsSent: Counter<never>;
  private readonly emailsFailed: Counter<never>;

  constructor(
    private readonly em: EntityManager,
    private readonly sender: EmailSender,
    private readonly clock: Clock,
    metrics: Metrics,
  ) {
    this.emailsSent = metrics.counter({ name: 'linkbio_emails_sent_total', help: 'E-mails handed to the mail server (or written to MAIL_DIR).' });
    this.emailsFailed = metrics.counter({
      name: 'linkbio_emails_failed_total',
      help: 'Attempts to send an e-mail that failed (each is retried, up to 5 attempts).',
    });
  }

  /** Sends every pending e-mail; never rejects. Returns how many were sent. */
  async deliverPending(): Promise<number> {
    let sent = 0;
    let failed = false;
    try {
      for (;;) {
        const batch = await this.em.fork().transactional(async (tx) => {
          const rows = await tx.execute<OutboxRow[]>(
            `select id, recipient, subject, body, calendar_method, calendar, headers from email_outbox
              where sent_at is null and attempts < ? order by created_at limit 10 for update skip locked`,
            [MAX_ATTEMPTS],
          );
          for (const row of rows) {
            try {
              const calendar = row.calendar_method && row.calendar ? { method: row.calendar_method, content: row.calendar } : undefined;
              await this.sender.send({ to: row.recipient, subject: row.subject, text: row.body, calendar, headers: row.headers ?? undefined });
              await tx.execute('update email_outbox set sent_at = ?, attempts = attempts + 1 where id = ?', [this.clock.now(), row.id]);
              sent += 1;
              this.emailsSent.inc();
            } catch (error) {
              const message = error instanceof Error ? error.message : String(error);
              this.logger.warn(`E-mail to ${maskEmail(row.recipient)} not sent yet: ${maskEmails(message)}`);
              failed = true;
              this.emailsFailed.inc();
              await tx.execute('update email_outbox set attempts = attempts + 1, last_error = ? where id = ?', [message.slice(0, 500), row.id]);
            }
          }
          return rows.length;
        });
        if (batch < 10 || failed) break; // failures wait for the next sweep
      }
    } catch (error) {
      this.logger.error(`E-mail outbox: ${error instanceof Error ? error.message : String(error)}`);
    }
    return sent;
  }
}
