import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../../shared/clock.js';
import { newId } from '../../../shared/ids.js';
import { ProviderEventIntake } from '../../billing/application/ports/provider-event-intake.js';
import { reconcile, type Difference } from '../domain/reconcile.js';
import { mergeOurs, mergeTheirs, type OurRecords, type ProviderRecords } from '../domain/records.js';
import { refundEvent, refundIdFor } from '../domain/refund-event.js';
import { isSettled, type ReconciliationRun, type ReportedDifference, type Resolution } from '../domain/run.js';
import type { UtcDay } from '../domain/utc-day.js';
import { PaymentRecords } from './ports/payment-records.js';
import { ProviderLedger } from './ports/provider-ledger.js';
import { ReconciliationReports } from './ports/reconciliation-reports.js';
import { ReconciliationMetrics } from './reconciliation-metrics.js';

const unique = (values: Array<string | null | undefined>): string[] => [
  ...new Set(values.filter((v): v is string => Boolean(v))),
];

/**
 * Reconciles one UTC day with the payment provider: the provider's payments and refunds of the day against
 * the bookings paid and the refunds made here that day (and, on each side, the records of every payment the
 * other side names, whatever their day). Every difference is logged, counted and stored with the run; a
 * refund the provider made whose webhook never arrived is handed to billing as its event would have been.
 */
@Injectable()
export class ReconcileDayUseCase {
  private readonly logger = new Logger('Reconciliation');

  constructor(
    private readonly provider: ProviderLedger,
    private readonly records: PaymentRecords,
    private readonly intake: ProviderEventIntake,
    private readonly reports: ReconciliationReports,
    private readonly metrics: ReconciliationMetrics,
    private readonly clock: Clock,
  ) {}

  async execute(day: UtcDay, trigger: ReconciliationRun['trigger']): Promise<ReconciliationRun> {
    const startedAt = this.clock.now();
    const { ours, theirs } = await this.gather(day);
    const found = reconcile(ours, theirs);
    const differences: ReportedDifference[] = [];
    for (const difference of found) differences.push(await this.settle(day, difference));
    const run: ReconciliationRun = {
      id: newId(),
      day: day.label,
      provider: this.provider.provider,
      trigger,
      startedAt,
      finishedAt: this.clock.now(),
      compared: {
        payments: theirs.payments.length,
        refunds: theirs.refunds.length,
        bookings: ours.bookings.length,
        ourRefunds: ours.refunds.length,
      },
      differences,
      found: differences.length,
      remaining: differences.filter((d) => !isSettled(d)).length,
    };
    await this.reports.save(run);
    this.logger.log({
      msg: 'reconciliation finished',
      day: run.day,
      provider: run.provider,
      trigger,
      ...run.compared,
      differences: run.found,
      remaining: run.remaining,
    });
    return run;
  }

  /** Both sides of the day, completed with the records of every payment the other side names. */
  private async gather(day: UtcDay): Promise<{ ours: OurRecords; theirs: ProviderRecords }> {
    let [theirs, ours] = await Promise.all([this.provider.day(day), this.records.day(day)]);

    const ourIntents = new Set(ours.bookings.map((b) => b.intentId));
    ours = mergeOurs(
      ours,
      await this.records.find({
        intentIds: unique(
          [...theirs.payments.map((p) => p.intentId), ...theirs.refunds.map((r) => r.intentId)].filter(
            (id) => !ourIntents.has(id),
          ),
        ),
        subscriptionIds: unique(theirs.payments.map((p) => p.subscriptionId)),
        customerIds: unique(theirs.payments.map((p) => p.customerId)),
      }),
    );

    // Our payments the day's provider records do not show, and our refunds it does not show by id: asked for.
    const paid = new Set(theirs.payments.map((p) => p.intentId));
    const refundIds = new Set(theirs.refunds.map((r) => r.id));
    const missing = unique([
      ...ours.bookings.filter((b) => b.paidAt && b.intentId && !paid.has(b.intentId)).map((b) => b.intentId),
      ...ours.refunds
        .filter((r) => r.providerRefundId === null || !refundIds.has(r.providerRefundId))
        .map((r) => r.intentId),
    ]);
    if (missing.length > 0) theirs = mergeTheirs(theirs, await this.provider.ofIntents(missing));
    return { ours, theirs };
  }

  /** Logs and counts the difference; a provider refund to apply is handed to billing. */
  private async settle(day: UtcDay, difference: Difference): Promise<ReportedDifference> {
    const { apply, ...reported } = difference;
    let resolution: Resolution = 'reported';
    if (apply) {
      reported.providerRefundId ??= refundIdFor(apply);
      try {
        resolution = await this.intake.apply(refundEvent(apply), this.provider.provider);
      } catch (error) {
        resolution = 'failed';
        this.logger.error(
          `Reconciliation of ${day.label}: applying ${apply.id ?? reported.intentId} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      this.metrics.refundHandedOver(resolution as Exclude<Resolution, 'reported'>);
    }
    this.metrics.found(difference.kind);
    this.logger.warn({
      msg: 'reconciliation difference',
      day: day.label,
      provider: this.provider.provider,
      kind: reported.kind,
      bookingId: reported.bookingId,
      intentId: reported.intentId,
      providerRefundId: reported.providerRefundId,
      ours: reported.ours,
      theirs: reported.theirs,
      resolution,
      detail: reported.detail,
    });
    return { ...reported, resolution };
  }
}
