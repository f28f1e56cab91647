import type { Id } from '../../../shared/ids.js';
import type { IsoWeek } from './iso-week.js';

/**
 * A week a creator got no payout because their unpaid ledger entries netted to zero or less (refunds of
 * bookings paid out earlier exceeding what they earned since): the amount, in cents (≤ 0), is carried into
 * the next weeks and taken from their next payouts. One per creator and week.
 */
export interface Carryover {
  id: Id;
  creatorId: Id;
  /** "2026-W47" */
  week: string;
  /** Integer cents, zero or less. */
  amount: number;
  createdAt: Date;
}

/** A carried week with the creator's username, for the operators. */
export interface CarryoverWithCreator extends Carryover {
  username: string;
}

export function carriedOver(input: { id: Id; creatorId: Id; week: IsoWeek; amount: number; now: Date }): Carryover {
  if (!Number.isSafeInteger(input.amount) || input.amount > 0)
    throw new RangeError('A carried-over amount is a whole number of cents, zero or less');
  return {
    id: input.id,
    creatorId: input.creatorId,
    week: input.week.label,
    amount: input.amount,
    createdAt: input.now,
  };
}
