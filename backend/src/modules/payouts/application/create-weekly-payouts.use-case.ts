import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../../shared/clock.js';
import { newId, type Id } from '../../../shared/ids.js';
import { carriedOver, type Carryover } from '../domain/carryover.js';
import { lastEndedWeek, type IsoWeek } from '../domain/iso-week.js';
import { openPayout, type Payout } from '../domain/payout.js';
import { weekToPayOut } from '../domain/payouts.errors.js';
import { PayoutJobs } from './ports/payout-jobs.js';
import { CarryoverStore } from './ports/carryover.store.js';
import { PayoutStore } from './ports/payout.store.js';
import { Transactions } from '../../../shared/transactions.js';

export interface WeeklyPayoutsRun {
  week: IsoWeek;
  /** The payouts this run made (none for creators paid for that week already). */
  created: Payout[];
  /**
   * The creators whose unpaid entries before the week's end net to zero or less: no payout, the amount
   * (≤ 0) carried into the next weeks. Recorded once per creator and week; a re-run lists them again.
   */
  carried: Carryover[];
}

type CreatorOutcome = { kind: 'paid'; payout: Payout } | { kind: 'carried'; carryover: Carryover };

/**
 * The weekly run (decisions.md, weekly payouts): each creator's earnings made before the end of the week and
 * not paid out yet (earlier weeks' leftovers included; later ones wait for their own week) become one payout.
 *
 * One transaction per creator: the entries are locked, the payout inserted with ON CONFLICT (creator_id,
 * week) DO NOTHING, and only when it was inserted are the entries assigned to it. Re-runs, crashes half way
 * and concurrent runs therefore make one payout per creator per week, and assign each entry once. Pending
 * payouts are queued for sending after their transaction commits.
 *
 * A creator whose entries net to zero or less (refunds of bookings paid out earlier exceeding what they
 * earned since) gets no payout: the week is recorded as carried over (payout_carryovers, unique per creator
 * and week, so re-runs and concurrent runs record it once) and reported with its amount. The entries stay
 * unassigned and count in the next weeks.
 */
@Injectable()
export class CreateWeeklyPayoutsUseCase {
  private readonly logger = new Logger('Payouts');

  constructor(
    private readonly store: PayoutStore,
    private readonly carryovers: CarryoverStore,
    private readonly jobs: PayoutJobs,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
  ) {}

  /** @param week "YYYY-Www" of a week that has ended; without it, the week that ended last (by the clock). */
  async execute(week?: string): Promise<WeeklyPayoutsRun> {
    const now = this.clock.now();
    const target = week === undefined ? lastEndedWeek(now) : weekToPayOut(week, now);
    const created: Payout[] = [];
    const carried: Carryover[] = [];
    const failures: string[] = [];
    for (const creatorId of await this.store.creatorsWithUnassignedEntries(target.end)) {
      try {
        const outcome = await this.payCreator(creatorId, target);
        if (outcome?.kind === 'carried') carried.push(outcome.carryover);
        if (outcome?.kind === 'paid') {
          created.push(outcome.payout);
          if (outcome.payout.status === 'pending') await this.queue(outcome.payout);
        }
      } catch (error) {
        // One creator's problem does not hold up the others; the run fails at the end and is retried.
        failures.push(creatorId);
        this.logger.error(
          `Payout of ${target.label} for creator ${creatorId} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    if (failures.length > 0)
      throw new Error(`Payouts of ${target.label} failed for ${failures.length} creator(s): ${failures.join(', ')}`);
    if (created.length > 0) this.logger.log(`${target.label}: ${created.length} payout(s) created`);
    if (carried.length > 0) this.logger.log(`${target.label}: ${carried.length} creator(s) carried over (net zero or less)`);
    return { week: target, created, carried };
  }

  /** The payout is committed; if the queue is away, the hourly sweep (ReleaseHeldPayouts) queues it later. */
  private async queue(payout: Payout): Promise<void> {
    try {
      await this.jobs.send([payout.id]);
    } catch (error) {
      this.logger.warn(
        `Payout ${payout.id} not queued yet (${error instanceof Error ? error.message : String(error)}); the hourly sweep will`,
      );
    }
  }

  /** The payout made, or the week carried over (net ≤ 0), or null when the creator's week has its payout already. */
  private payCreator(creatorId: Id, week: IsoWeek): Promise<CreatorOutcome | null> {
    return this.transactions.run(async () => {
      const entries = await this.store.lockUnassignedEntries(creatorId, week.end);
      if (entries.length === 0) return null; // a concurrent run assigned them meanwhile
      const amount = entries.reduce((sum, entry) => sum + entry.amount, 0);
      if (amount <= 0)
        return {
          kind: 'carried',
          carryover: await this.carryovers.record(
            carriedOver({ id: newId(), creatorId, week, amount, now: this.clock.now() }),
          ),
        };
      const details = await this.store.payoutDetailsOf(creatorId);
      const payout = openPayout({ id: newId(), creatorId, week, amount, details, now: this.clock.now() });
      if (!(await this.store.insert(payout))) return null;
      await this.store.assignEntries(
        payout.id,
        entries.map((entry) => entry.id),
      );
      return { kind: 'paid', payout };
    });
  }
}
