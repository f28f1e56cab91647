import { Module } from '@nestjs/common';
import { GetPayoutLinesUseCase } from './application/get-payout-lines.use-case.js';
import { GetStatementUseCase } from './application/get-statement.use-case.js';
import { GetYearSummaryUseCase } from './application/get-year-summary.use-case.js';
import { EarningsReader } from './application/ports/earnings.reader.js';
import { EarningsController } from './http/earnings.controller.js';
import { PostgresEarningsReader } from './infrastructure/postgres-earnings.reader.js';

/**
 * The creator's statement (issue 24): GET /api/earnings/statement (JSON) and statement.csv, a year's totals
 * (GET /api/earnings/summary?year=) and a payout expanded to its lines (GET /api/earnings/payouts/{id}).
 * Read-only: it reads billing's ledger and the payouts module's payouts and carried-over weeks in SQL.
 */
@Module({
  controllers: [EarningsController],
  providers: [
    { provide: EarningsReader, useClass: PostgresEarningsReader },
    GetStatementUseCase,
    GetYearSummaryUseCase,
    GetPayoutLinesUseCase,
  ],
})
export class EarningsModule {}
