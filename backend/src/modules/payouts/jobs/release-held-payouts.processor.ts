import { Injectable } from '@nestjs/common';
import { JobProcessor } from '../../../shared/queues/job-processor.js';
import { ReleaseHeldPayoutsUseCase, type SweepResult } from '../application/release-held-payouts.use-case.js';

/** Hourly (scheduler release-held-payouts): held payouts released, lost sends queued, PayPal batches settled. */
@Injectable()
export class ReleaseHeldPayoutsProcessor extends JobProcessor<'payouts'> {
  readonly queue = 'payouts';
  readonly jobs = ['release-held'] as const;

  constructor(private readonly release: ReleaseHeldPayoutsUseCase) {
    super();
  }

  process(): Promise<SweepResult> {
    return this.release.execute();
  }
}
