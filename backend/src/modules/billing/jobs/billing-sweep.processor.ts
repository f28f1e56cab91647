import { Injectable } from '@nestjs/common';
import { EmailOutboxRelay } from '../../../shared/email/email-outbox.relay.js';
import { JobProcessor } from '../../../shared/queues/job-processor.js';
import { SubscriptionsUseCase } from '../application/subscriptions.use-case.js';

/** Every minute: subscriptions cancelled at period end are ended, e-mails not sent yet are retried. */
@Injectable()
export class BillingSweepProcessor extends JobProcessor<'maintenance'> {
  readonly queue = 'maintenance';
  readonly jobs = ['billing-sweep'] as const;

  constructor(
    private readonly subscriptions: SubscriptionsUseCase,
    private readonly outbox: EmailOutboxRelay,
  ) {
    super();
  }

  async process(): Promise<{ ended: number; sent: number }> {
    const ended = await this.subscriptions.endLapsed();
    const sent = await this.outbox.deliverPending();
    return { ended, sent };
  }
}
