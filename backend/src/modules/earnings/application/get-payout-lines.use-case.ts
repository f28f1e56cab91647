import { Injectable } from '@nestjs/common';
import { EarningsMessages } from '@linkbio/shared-contracts';
import { notFound } from '../../../shared/domain-error.js';
import { isId, type Id } from '../../../shared/ids.js';
import type { PayoutRecord } from '../domain/ledger-facts.js';
import { statementOf, type StatementLine } from '../domain/statement.js';
import { EarningsReader } from './ports/earnings.reader.js';

export interface PayoutLines {
  payout: PayoutRecord;
  /** The entries the payout took, oldest first; the running balance ends at the payout's amount. */
  lines: StatementLine[];
}

/** A payout of the signed-in creator expanded to the ledger lines it paid; another's or an unknown id: 404. */
@Injectable()
export class GetPayoutLinesUseCase {
  constructor(private readonly reader: EarningsReader) {}

  async execute(creatorId: Id, payoutId: string): Promise<PayoutLines> {
    const payout = isId(payoutId) ? await this.reader.payoutOf(creatorId, payoutId.toLowerCase()) : null;
    if (!payout) throw notFound(EarningsMessages.payoutNotFound);
    const entries = await this.reader.entriesOfPayout(payout.id);
    return { payout, lines: statementOf(0, entries).lines };
  }
}
