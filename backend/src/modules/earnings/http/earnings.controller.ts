import { Controller, Get, Header, Param, Query, StreamableFile, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiQuery } from '@nestjs/swagger';
import type {
  EarningsPayoutResponse,
  EarningsStatementResponse,
  EarningsSummaryResponse,
} from '@linkbio/shared-contracts';
import { Answers, AnswersFile, Fails } from '../../../shared/http/openapi/responses.js';
import type { User } from '../../identity/domain/user.js';
import { CurrentUser, SignedInGuard } from '../../identity/http/signed-in.guard.js';
import { GetPayoutLinesUseCase } from '../application/get-payout-lines.use-case.js';
import { GetStatementUseCase } from '../application/get-statement.use-case.js';
import { GetYearSummaryUseCase } from '../application/get-year-summary.use-case.js';
import { PayoutLines, Statement, Summary } from './earnings.openapi.js';
import { toPayoutLinesView, toStatementView, toSummaryView } from './earnings.views.js';
import { statementCsv, statementFileName } from './statement-csv.js';

const DAY = { type: 'string', format: 'date', example: '2026-01-31' };

/**
 * The signed-in creator's statement (the dashboard's Earnings page): the ledger line by line with a running
 * balance, as JSON or CSV, a year's totals by month, and a payout expanded to the lines it paid. Days are UTC.
 */
@Controller('api/earnings')
@UseGuards(SignedInGuard)
export class EarningsController {
  constructor(
    private readonly statements: GetStatementUseCase,
    private readonly summaries: GetYearSummaryUseCase,
    private readonly payouts: GetPayoutLinesUseCase,
  ) {}

  @Get('statement')
  @ApiOperation({ summary: 'The earnings statement for a range of days' })
  @ApiQuery({ name: 'from', required: true, schema: DAY, description: 'First day (UTC), YYYY-MM-DD.' })
  @ApiQuery({ name: 'to', required: true, schema: DAY, description: 'Last day (UTC), at most 366 days after from.' })
  @Answers(200, Statement, 'Every ledger line of the range, oldest first, with the running balance.')
  @Fails(400)
  @Header('Cache-Control', 'no-store')
  async statement(
    @CurrentUser() user: User,
    @Query('from') from: unknown,
    @Query('to') to: unknown,
  ): Promise<EarningsStatementResponse> {
    return toStatementView(await this.statements.execute(user.id, from, to));
  }

  @Get('statement.csv')
  @ApiOperation({ summary: 'The earnings statement as CSV' })
  @ApiQuery({ name: 'from', required: true, schema: DAY, description: 'First day (UTC), YYYY-MM-DD.' })
  @ApiQuery({ name: 'to', required: true, schema: DAY, description: 'Last day (UTC), at most 366 days after from.' })
  @AnswersFile(
    'text/csv',
    'The same lines as RFC 4180 CSV (header row, then the opening balance, then each line), amounts in dollars and cents.',
  )
  @Fails(400)
  @Header('Cache-Control', 'no-store')
  @Header('X-Content-Type-Options', 'nosniff')
  async csv(
    @CurrentUser() user: User,
    @Query('from') from: unknown,
    @Query('to') to: unknown,
  ): Promise<StreamableFile> {
    const statement = await this.statements.execute(user.id, from, to);
    const body = Buffer.from(statementCsv(statement), 'utf8');
    return new StreamableFile(body, {
      type: 'text/csv; charset=utf-8',
      length: body.length,
      disposition: `attachment; filename="${statementFileName(statement)}"`,
    });
  }

  @Get('summary')
  @ApiOperation({ summary: 'A year\'s earnings, reversals and payouts by month' })
  @ApiQuery({ name: 'year', required: true, schema: { type: 'integer', minimum: 2000, maximum: 9999, example: 2026 } })
  @Answers(200, Summary, 'The year’s earnings, reversals and payouts, month by month (UTC).')
  @Fails(400)
  @Header('Cache-Control', 'no-store')
  async summary(@CurrentUser() user: User, @Query('year') year: unknown): Promise<EarningsSummaryResponse> {
    return toSummaryView(await this.summaries.execute(user.id, year));
  }

  @Get('payouts/:id')
  @ApiOperation({ summary: 'One payout and the ledger lines it paid' })
  @Answers(200, PayoutLines, 'The payout and the ledger lines it paid.')
  @Fails(404)
  @Header('Cache-Control', 'no-store')
  async payout(@CurrentUser() user: User, @Param('id') id: string): Promise<EarningsPayoutResponse> {
    return toPayoutLinesView(await this.payouts.execute(user.id, id));
  }
}
