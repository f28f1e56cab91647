import { Injectable } from '@nestjs/common';
import type { Id } from '../../../shared/ids.js';
import type { CarryoverWithCreator } from '../domain/carryover.js';
import type { Payout } from '../domain/payout.js';
import { CarryoverStore } from './ports/carryover.store.js';
import { PayoutStore, type OperatorPayoutFilter, type PayoutWithCreator } from './ports/payout.store.js';

/** Payouts as a creator sees theirs (dashboard) and as operators see everyone's (admin API, ops CLI). */
@Injectable()
export class ListPayoutsUseCase {
  constructor(
    private readonly store: PayoutStore,
    private readonly carryovers: CarryoverStore,
  ) {}

  /** Only the creator's own payouts, newest week first. */
  forCreator(creatorId: Id): Promise<Payout[]> {
    return this.store.listForCreator(creatorId);
  }

  /** What the creator has earned and not been paid out yet, refunds taken off (negative: owed to the next payouts). */
  balanceOf(creatorId: Id): Promise<number> {
    return this.store.balanceOf(creatorId);
  }

  forOperators(filter: OperatorPayoutFilter = {}): Promise<PayoutWithCreator[]> {
    return this.store.listForOperators(filter);
  }

  /** These creators' carried-over records of a week, with their usernames (the ops CLI's report of a run). */
  carryoversForOperators(week: string, creatorIds: Id[]): Promise<CarryoverWithCreator[]> {
    return this.carryovers.forOperators(week, creatorIds);
  }
}
