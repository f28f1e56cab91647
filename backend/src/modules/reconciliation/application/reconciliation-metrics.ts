import { Injectable } from '@nestjs/common';
import { Metrics, type Counter } from '../../../shared/metrics/metrics.js';
import type { DifferenceKind } from '../domain/reconcile.js';
import type { Resolution } from '../domain/run.js';
import { ReconciliationReports } from './ports/reconciliation-reports.js';

/**
 * Reconciliation's measurements: the differences found (by kind) and what became of the provider refunds
 * applied, counted by the process that ran the reconciliation; and the last run's outcome, read from its
 * stored report at each scrape (the same on every process).
 */
@Injectable()
export class ReconciliationMetrics {
  private readonly differences: Counter<'kind'>;
  private readonly applied: Counter<'outcome'>;

  constructor(metrics: Metrics, reports: ReconciliationReports) {
    this.differences = metrics.counter({
      name: 'linkbio_reconciliation_differences_total',
      help: "Differences between the product's records and the payment provider's found by reconciliations, by kind.",
      labelNames: ['kind'],
    });
    this.applied = metrics.counter({
      name: 'linkbio_reconciliation_refunds_applied_total',
      help: 'Provider refunds whose webhook never arrived, handed to billing by reconciliations, by outcome (applied, duplicate, unapplied, failed).',
      labelNames: ['outcome'],
    });
    metrics.gauge({
      name: 'linkbio_reconciliation_last_run_differences',
      help: 'Differences the last reconciliation left (found and not settled by applying a provider refund). Alert when above 0.',
      read: async () => {
        const last = await reports.lastSummary();
        return last ? [{ value: last.remaining }] : [];
      },
    });
    metrics.gauge({
      name: 'linkbio_reconciliation_last_run_timestamp_seconds',
      help: 'When the last reconciliation finished (unix seconds). Alert when older than a day and a few hours.',
      read: async () => {
        const last = await reports.lastSummary();
        return last ? [{ value: Math.floor(last.finishedAt.getTime() / 1000) }] : [];
      },
    });
  }

  found(kind: DifferenceKind): void {
    this.differences.inc({ kind });
  }

  refundHandedOver(outcome: Exclude<Resolution, 'reported'>): void {
    this.applied.inc({ outcome });
  }
}
