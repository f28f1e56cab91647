import { Injectable } from '@nestjs/common';
import { JobProcessor, type QueueJob } from '../../../shared/queues/job-processor.js';
import { SendPayoutUseCase, type SendOutcome } from '../application/send-payout.use-case.js';

/** One payout to PayPal or to the operators; a provider error that may pass throws, and BullMQ retries. */
@Injectable()
export class SendPayoutProcessor extends JobProcessor<'payouts'> {
  readonly queue = 'payouts';
  readonly jobs = ['send'] as const;
  override readonly concurrency = 4;

  constructor(private readonly sendPayout: SendPayoutUseCase) {
    super();
  }

  process(job: QueueJob<'payouts', 'send'>): Promise<SendOutcome> {
    return this.sendPayout.execute(String((job.data as { payoutId?: unknown }).payoutId ?? ''));
  }
}
