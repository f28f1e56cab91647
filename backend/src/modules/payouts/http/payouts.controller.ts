import { Controller, Get, UseGuards } from '@nestjs/common';
import type { PayoutsResponse } from '@linkbio/shared-contracts';
import type { User } from '../../identity/domain/user.js';
import { CurrentUser, SignedInGuard } from '../../identity/http/signed-in.guard.js';
import { ListPayoutsUseCase } from '../application/list-payouts.use-case.js';
import { toPayoutView } from './payout.views.js';

/** The signed-in creator's payouts (the dashboard's payouts card). */
@Controller('api/payouts')
export class PayoutsController {
  constructor(private readonly list: ListPayoutsUseCase) {}

  @Get()
  @UseGuards(SignedInGuard)
  async mine(@CurrentUser() user: User): Promise<PayoutsResponse> {
    return { payouts: (await this.list.forCreator(user.id)).map(toPayoutView) };
  }
}
