import { Injectable, Logger } from '@nestjs/common';
import type { PayoutStatus } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { isId, type Id } from '../../../shared/ids.js';
import { dispatched } from '../domain/payout.js';
import { PayoutGateways } from './ports/payout-gateway.js';
import { PayoutNotices } from './payout-notices.service.js';
import { PayoutStore } from './ports/payout.store.js';
import { Transactions } from '../../../shared/transactions.js';

export interface SendOutcome {
  payoutId: Id;
  /** The payout's status afterwards; null when there is no such payout. */
  status: PayoutStatus | null;
  /** False when the payout was not pending (sent already, on hold, paid…): nothing was done. */
  sent: boolean;
}

/**
 * Hands a pending payout to its gateway: PayPal e-mails to PayPal Payouts when configured, everything else
 * to the operators (awaiting_manual). Only a pending payout is sent, so a repeated job does nothing. The
 * provider call happens outside any transaction; its answer is saved only if the payout is still pending.
 * A provider error that may pass (network, 5xx) is thrown so the job is retried; PayPal pays a payout id once.
 * PayPal's acceptance (processing) or payment (paid) queues the creator's notice in the same transaction.
 */
@Injectable()
export class SendPayoutUseCase {
  private readonly logger = new Logger('Payouts');

  constructor(
    private readonly store: PayoutStore,
    private readonly gateways: PayoutGateways,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    private readonly notices: PayoutNotices,
  ) {}

  async execute(payoutId: Id): Promise<SendOutcome> {
    const payout = isId(payoutId) ? await this.store.find(payoutId.toLowerCase()) : null;
    if (!payout) return { payoutId, status: null, sent: false };
    if (payout.status !== 'pending' || !payout.method || !payout.destination)
      return { payoutId, status: payout.status, sent: false };

    const outcome = await this.gateways.for(payout.method).send({
      payoutId: payout.id,
      week: payout.week,
      amount: payout.amount,
      currency: payout.currency,
      method: payout.method,
      destination: payout.destination,
    });
    const now = this.clock.now();
    const next = dispatched(payout, outcome, now);
    const saved = await this.transactions.run(async () => {
      const changed = await this.store.update(next, 'pending');
      if (changed && next.status === 'paid') await this.store.markEntriesPaidOut(payout.id, now);
      if (changed) await this.notices.queue(next, now);
      return changed;
    });
    if (saved) await this.notices.deliver();
    if (!saved) {
      const current = await this.store.find(payout.id);
      this.logger.warn(
        `Payout ${payout.id} changed while it was being sent (now ${current?.status}); the provider said ${outcome.status}`,
      );
      return { payoutId, status: current?.status ?? null, sent: true };
    }
    if (next.status === 'failed') this.logger.warn(`Payout ${payout.id} failed: ${next.failureReason}`);
    return { payoutId, status: next.status, sent: true };
  }
}
