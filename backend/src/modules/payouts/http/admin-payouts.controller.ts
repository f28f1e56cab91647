import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import {
  AdminPayoutsQuery,
  MarkPayoutPaidRequest,
  type AdminPayoutsResponse,
  type AdminPayoutView,
} from '@linkbio/shared-contracts';
import { isId } from '../../../shared/ids.js';
import { ListPayoutsUseCase } from '../application/list-payouts.use-case.js';
import { MarkPayoutPaidUseCase } from '../application/mark-payout-paid.use-case.js';
import { payoutNotFound } from '../domain/payouts.errors.js';
import { OperatorGuard } from './operator.guard.js';
import { toAdminPayoutView } from './payout.views.js';
import { Answers, Fails } from '../../../shared/http/openapi/responses.js';
import { AdminPayout, AdminPayouts } from './payouts.openapi.js';

/** A malformed id names no payout: answered exactly like a missing one. */
function payoutId(id: string): string {
  if (!isId(id)) throw payoutNotFound();
  return id.toLowerCase();
}

/** The operators' payouts (HTTP Basic, see OperatorGuard): who is owed what, and recording manual payments. */
@Controller('api/admin/payouts')
@UseGuards(OperatorGuard)
export class AdminPayoutsController {
  constructor(
    private readonly list: ListPayoutsUseCase,
    private readonly markPaid: MarkPayoutPaidUseCase,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Payouts by status and week (operators)' })
  @Answers(200, AdminPayouts, 'Payouts, filtered by status and week.')
  async all(@Query() query: AdminPayoutsQuery): Promise<AdminPayoutsResponse> {
    const payouts = await this.list.forOperators({ status: query.status, week: query.week });
    return { payouts: payouts.map(toAdminPayoutView) };
  }

  @Post(':id/mark-paid')
  @ApiOperation({ summary: 'Record a payout as paid by hand (operators)' })
  @Answers(200, AdminPayout, 'Marked paid.')
  @Fails(404, 409)
  @HttpCode(200)
  async paid(@Param('id') id: string, @Body() body: MarkPayoutPaidRequest): Promise<AdminPayoutView> {
    const payout = await this.markPaid.execute(payoutId(id), body.reference);
    const [view] = await this.list.forOperators({ ids: [payout.id] });
    return toAdminPayoutView(view ?? { ...payout, username: '' });
  }
}
