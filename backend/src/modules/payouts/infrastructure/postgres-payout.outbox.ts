import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { EmailOutboxRelay } from '../../../shared/email/email-outbox.relay.js';
import { queueEmail, type OutgoingEmail } from '../../../shared/email/outgoing-email.js';
import { PayoutOutbox } from '../application/ports/payout-outbox.js';

/**
 * The shared email_outbox table: rows inserted through the EntityManager join the surrounding transaction
 * (the payout's state change); EmailOutboxRelay sends them once it has committed, and the worker's sweep
 * retries what a failed send left behind.
 */
@Injectable()
export class PostgresPayoutOutbox extends PayoutOutbox {
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
