import { Injectable } from '@nestjs/common';
import type { Id } from '../../../shared/ids.js';
import { summaryYear, yearPeriod } from '../domain/statement-period.js';
import { monthlyTotals, type MonthTotals, type StatementTotals } from '../domain/statement.js';
import { GetStatementUseCase } from './get-statement.use-case.js';

export interface YearSummary {
  year: number;
  opening: number;
  closing: number;
  months: MonthTotals[];
  totals: StatementTotals;
}

/** A year's earnings, reversals and payouts, month by month (UTC), from the year's statement. */
@Injectable()
export class GetYearSummaryUseCase {
  constructor(private readonly statements: GetStatementUseCase) {}

  async execute(creatorId: Id, year: unknown): Promise<YearSummary> {
    const value = summaryYear(year);
    const statement = await this.statements.of(creatorId, yearPeriod(value));
    return {
      year: value,
      opening: statement.opening,
      closing: statement.closing,
      months: monthlyTotals(value, statement),
      totals: statement.totals,
    };
  }
}
