import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { PayoutsResponse } from '@linkbio/shared-contracts';
import type { User } from '../../identity/domain/user.js';
import { CurrentUser, SignedInGuard } from '../../identity/http/signed-in.guard.js';
import { ListPayoutsUseCase } from '../application/list-payouts.use-case.js';
import { toPayoutView } from './payout.views.js';
import { Answers } from '../../../shared/http/openapi/responses.js';
import { Payouts } from './payouts.openapi.js';

/** The signed-in creator's payouts (the dashboard's payouts card). */
@Controller('api/payouts')
export class PayoutsController {
  constructor(private readonly list: ListPayoutsUseCase) {}

  @Get()
  @ApiOperation({ summary: 'The creator\'s weekly payouts and balance' })
  @Answers(200, Payouts, 'The creator\'s payouts, newest week first.')
  @UseGuards(SignedInGuard)
  async mine(@CurrentUser() user: User): Promise<PayoutsResponse> {
    const [payouts, balance] = await Promise.all([this.list.forCreator(user.id), this.list.balanceOf(user.id)]);
    return { payouts: payouts.map(toPayoutView), balance };
  }
}
