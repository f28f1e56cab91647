import { Injectable } from '@nestjs/common';
import type { Id } from '../../../shared/ids.js';
import { statementPeriod, type StatementPeriod } from '../domain/statement-period.js';
import { statementOf, type Statement } from '../domain/statement.js';
import { EarningsReader } from './ports/earnings.reader.js';

export interface StatementOfPeriod extends Statement {
  period: StatementPeriod;
  /** The balance now (the Payouts card's). */
  balance: number;
}

/**
 * The signed-in creator's statement of a period (at most 366 UTC days): every ledger line oldest first with a
 * running balance starting from the balance before the period. Bad dates are a 400 and read nothing.
 */
@Injectable()
export class GetStatementUseCase {
  constructor(private readonly reader: EarningsReader) {}

  async execute(creatorId: Id, from: unknown, to: unknown): Promise<StatementOfPeriod> {
    const period = statementPeriod(from, to);
    return this.of(creatorId, period);
  }

  async of(creatorId: Id, period: StatementPeriod): Promise<StatementOfPeriod> {
    const { balance, opening, facts } = await this.reader.statementFacts(creatorId, period.start, period.end);
    return { ...statementOf(opening, facts), period, balance };
  }
}
