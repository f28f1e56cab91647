import { Injectable } from '@nestjs/common';
import { PAYOUT_REFERENCE_MAX_LENGTH, PayoutMessages } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { invalid } from '../../../shared/domain-error.js';
import { isId, type Id } from '../../../shared/ids.js';
import { markedPaid, type Payout } from '../domain/payout.js';
import { payoutNotFound } from '../domain/payouts.errors.js';
import { PayoutNotices } from './payout-notices.service.js';
import { PayoutStore } from './ports/payout.store.js';
import { Transactions } from '../../../shared/transactions.js';

/**
 * An operator records a payout as made, with their reference (a PayPal or CashApp transaction id): the
 * payout becomes paid and its ledger entries are stamped paid out, in one transaction under the payout's row
 * lock, so two operators marking it at once get one success and one 409. The creator's 'paid' notice is
 * queued in that transaction (once per payout) and sent after it commits.
 */
@Injectable()
export class MarkPayoutPaidUseCase {
  constructor(
    private readonly store: PayoutStore,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    private readonly notices: PayoutNotices,
  ) {}

  async execute(payoutId: Id, reference: string): Promise<Payout> {
    if (!isId(payoutId)) throw payoutNotFound();
    const trimmed = typeof reference === 'string' ? reference.trim() : '';
    if (!trimmed) throw invalid(PayoutMessages.referenceRequired);
    if ([...trimmed].length > PAYOUT_REFERENCE_MAX_LENGTH) throw invalid(PayoutMessages.referenceTooLong);

    const paid = await this.transactions.run(async () => {
      const payout = await this.store.lock(payoutId.toLowerCase());
      if (!payout) throw payoutNotFound();
      const now = this.clock.now();
      const paid = markedPaid(payout, trimmed, now);
      if (!(await this.store.update(paid, payout.status)))
        throw new Error(`Payout ${payout.id} changed under its lock`);
      await this.store.markEntriesPaidOut(payout.id, now);
      await this.notices.queue(paid, now);
      return paid;
    });
    await this.notices.deliver();
    return paid;
  }
}
