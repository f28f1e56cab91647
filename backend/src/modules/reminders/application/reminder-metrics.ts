import { Injectable } from '@nestjs/common';
import type { ReminderKind } from '@linkbio/shared-contracts';
import { Metrics, type Counter } from '../../../shared/metrics/metrics.js';

/** Reminders queued, counted once each after their transaction committed; labelled by kind only. */
@Injectable()
export class ReminderMetrics {
  private readonly counter: Counter<'kind'>;

  constructor(metrics: Metrics) {
    this.counter = metrics.counter({
      name: 'linkbio_session_reminders_sent_total',
      help: 'Session reminder e-mails queued, by kind (visitor24h, visitor1h, creator24h, creator1h).',
      labelNames: ['kind'],
    });
  }

  sent(kind: ReminderKind): void {
    this.counter.inc({ kind });
  }
}
