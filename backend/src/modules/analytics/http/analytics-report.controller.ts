import { applyDecorators, Controller, Get, Header, Query, StreamableFile, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiQuery } from '@nestjs/swagger';
import { REPORT_MAX_DAYS, REPORT_ROWS_LIMIT, type AnalyticsReportView } from '@linkbio/shared-contracts';
import { Answers, AnswersFile, Fails } from '../../../shared/http/openapi/responses.js';
import type { User } from '../../identity/domain/user.js';
import { CurrentUser, SignedInGuard } from '../../identity/http/signed-in.guard.js';
import { GetAnalyticsReportUseCase } from '../application/get-analytics-report.use-case.js';
import { AnalyticsReport } from './analytics-report.openapi.js';
import { reportCsv, reportFileName } from './report-csv.js';

const DAY = { type: 'string', format: 'date', example: '2027-03-01' };

/** The query both forms of the report take. */
const ReportQuery = () =>
  applyDecorators(
    ApiQuery({ name: 'from', required: true, schema: DAY, description: 'First day (UTC), YYYY-MM-DD.' }),
    ApiQuery({
      name: 'to',
      required: true,
      schema: DAY,
      description: `Last day (UTC), today at the latest; the period covers at most ${REPORT_MAX_DAYS} days.`,
    }),
    ApiQuery({
      name: 'compare',
      required: false,
      schema: { enum: ['previous'] },
      description: 'Also the totals of the period of the same length just before.',
    }),
  );

/**
 * The report (Premium): a period's views, unique visitors, clicks, orders and revenue by day, source, medium,
 * campaign, country, device and link, as JSON (at most REPORT_ROWS_LIMIT rows per breakdown) or as CSV (every row).
 */
@Controller('api/analytics')
@UseGuards(SignedInGuard)
export class AnalyticsReportController {
  constructor(private readonly report: GetAnalyticsReportUseCase) {}

  @Get('report')
  @ApiOperation({
    summary: 'Views, visitors, clicks, orders and revenue by day, source, campaign, country, device and link (Premium)',
  })
  @ReportQuery()
  @Answers(
    200,
    AnalyticsReport,
    `The period, and the one before when compared; at most ${REPORT_ROWS_LIMIT} rows per breakdown, most views first.`,
  )
  @Fails(400, 403)
  @Header('Cache-Control', 'no-store')
  get(@CurrentUser() user: User, @Query() query: Record<string, unknown>): Promise<AnalyticsReportView> {
    return this.report.execute({ id: user.id, isPremium: user.isPremium }, query);
  }

  @Get('report.csv')
  @ApiOperation({ summary: 'The report as CSV (Premium)' })
  @ReportQuery()
  @AnswersFile(
    'text/csv',
    'The same report as RFC 4180 CSV (header row; totals, previous, each day, then every row of every breakdown).',
  )
  @Fails(400, 403)
  @Header('Cache-Control', 'no-store')
  @Header('X-Content-Type-Options', 'nosniff')
  async csv(@CurrentUser() user: User, @Query() query: Record<string, unknown>): Promise<StreamableFile> {
    const report = await this.report.execute(
      { id: user.id, isPremium: user.isPremium },
      query,
      Number.POSITIVE_INFINITY,
    );
    const body = Buffer.from(reportCsv(report), 'utf8');
    return new StreamableFile(body, {
      type: 'text/csv; charset=utf-8',
      length: body.length,
      disposition: `attachment; filename="${reportFileName(report)}"`,
    });
  }
}
