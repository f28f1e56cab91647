import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../../shared/clock.js';
import { dispatched, released, type Payout } from '../domain/payout.js';
import { PayoutGateways, type PayoutGateway } from './ports/payout-gateway.js';
import { PayoutJobs } from './ports/payout-jobs.js';
import { PayoutNotices } from './payout-notices.service.js';
import { PayoutStore } from './ports/payout.store.js';
import { Transactions } from '../../../shared/transactions.js';

const BATCH = 500;
/** A pending payout untouched this long lost its send job (queue away when it was made): it is queued again. */
export const STALE_PENDING_MS = 15 * 60 * 1000;

export interface SweepResult {
  /** On hold → pending, queued for sending. */
  released: number;
  /** Pending payouts whose send job was lost, queued again. */
  requeued: number;
  /** Processing PayPal payouts that PayPal has since finished (paid or failed). */
  settled: number;
}

/**
 * The hourly sweep of the payouts queue:
 * - payouts on hold whose creator has since set a PayPal e-mail or CashApp handle get that destination and
 *   are queued for sending;
 * - pending payouts left without a send job (the queue was away right after they were made) are queued;
 * - payouts PayPal accepted (processing) are looked up at PayPal: SUCCESS → paid, DENIED/FAILED/CANCELED →
 *   failed. A lookup that fails is logged and tried again next hour. A payout found paid queues the
 *   creator's 'paid' notice in the transaction that saves it.
 */
@Injectable()
export class ReleaseHeldPayoutsUseCase {
  private readonly logger = new Logger('Payouts');

  constructor(
    private readonly store: PayoutStore,
    private readonly gateways: PayoutGateways,
    private readonly jobs: PayoutJobs,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    private readonly notices: PayoutNotices,
  ) {}

  async execute(): Promise<SweepResult> {
    const released = await this.releaseHeld();
    const requeued = await this.requeueStalePending();
    const settled = this.gateways.paypal ? await this.settleProcessing(this.gateways.paypal) : 0;
    if (settled > 0) await this.notices.deliver();
    return { released, requeued, settled };
  }

  private async releaseHeld(): Promise<number> {
    const ready = [];
    for (const { payout, details } of await this.store.heldWithDetails(BATCH)) {
      const next = released(payout, details, this.clock.now());
      if (next && (await this.store.update(next, 'on_hold'))) ready.push(next.id);
    }
    await this.jobs.send(ready);
    if (ready.length > 0) this.logger.log(`${ready.length} payout(s) released from hold`);
    return ready.length;
  }

  private async requeueStalePending(): Promise<number> {
    const stale = await this.store.inStatus('pending', {
      updatedBefore: new Date(this.clock.now().getTime() - STALE_PENDING_MS),
      limit: BATCH,
    });
    await this.jobs.send(stale.map((payout) => payout.id));
    return stale.length;
  }

  private async settleProcessing(paypal: PayoutGateway): Promise<number> {
    let settled = 0;
    const processing = await this.store.inStatus('processing', { limit: BATCH });
    for (const payout of processing.filter((p) => p.method === 'paypal' && p.providerBatchId)) {
      try {
        if (await this.settle(payout, paypal)) settled += 1;
      } catch (error) {
        this.logger.warn(
          `Payout ${payout.id} (PayPal batch ${payout.providerBatchId}) not checked: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    return settled;
  }

  private async settle(payout: Payout, paypal: PayoutGateway): Promise<boolean> {
    const outcome = await paypal.check(payout.providerBatchId!);
    if (outcome.status !== 'paid' && outcome.status !== 'failed') return false;
    const now = this.clock.now();
    const next = dispatched(payout, outcome, now);
    return this.transactions.run(async () => {
      const changed = await this.store.update(next, 'processing');
      if (changed && next.status === 'paid') await this.store.markEntriesPaidOut(payout.id, now);
      if (changed) await this.notices.queue(next, now);
      return changed;
    });
  }
}
