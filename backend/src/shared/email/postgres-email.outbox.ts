import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { EmailOutboxRelay } from './email-outbox.relay.js';
import { EmailOutbox } from './email-outbox.js';
import { queueEmail, type OutgoingEmail } from './outgoing-email.js';

/**
 * The shared email_outbox table: rows inserted through the EntityManager join the surrounding transaction;
 * EmailOutboxRelay sends them (SMTP or .eml files) once it has committed. Rows a failed send leaves behind
 * are retried by the worker's sweep, which relays every pending row.
 */
@Injectable()
export class PostgresEmailOutbox extends EmailOutbox {
  constructor(
    private readonly em: EntityManager,
    private readonly relay: EmailOutboxRelay,
  ) {
    super();
  }

  enqueue(email: OutgoingEmail, now: Date): Promise<void> {
    return queueEmail(this.em, email, now);
  }

  async deliverPending(): Promise<void> {
    await this.relay.deliverPending();
  }
}
