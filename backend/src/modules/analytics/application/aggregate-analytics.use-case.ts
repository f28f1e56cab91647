import { Injectable } from '@nestjs/common';
import { Clock } from '../../../shared/clock.js';
import type { EventBatch } from '../domain/analytics.js';
import { AnalyticsRollups } from './ports/analytics-rollups.js';
import { VisitorSalts } from './ports/visitor-salts.js';

/** Batch ids are remembered this long: far beyond the longest a queued event can wait for its retries. */
const SEEN_RETENTION_MS = 14 * 24 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface ForgottenAnalytics {
  /** Batch ids forgotten. */
  forgotten: number;
  /** Visitor hashes deleted (the days before yesterday). */
  visitors: number;
  /** Daily salts destroyed (the days before today). */
  salts: number;
}

@Injectable()
export class AggregateAnalyticsUseCase {
  constructor(
    private readonly rollups: AnalyticsRollups,
    private readonly salts: VisitorSalts,
    private readonly clock: Clock,
  ) {}

  /** Counts batches of views and clicks into the rollups, each batch exactly once. */
  execute(batches: EventBatch[]): Promise<number> {
    return batches.length === 0 ? Promise.resolve(0) : this.rollups.apply(batches);
  }

  /**
   * The daily clean-up: batch ids counted long ago are forgotten; the salts of past days are destroyed, so their
   * hashes lead to nobody; the visitor hashes of the days before yesterday are deleted (yesterday's stay a day,
   * so its batches that come late are still counted once per visitor).
   */
  async forgetOld(): Promise<ForgottenAnalytics> {
    const now = this.clock.now().getTime();
    const salts = await this.salts.forgetBefore(utcDay(now));
    const visitors = await this.rollups.forgetVisitorsBefore(utcDay(now - DAY_MS));
    const forgotten = await this.rollups.forgetSeenBefore(new Date(now - SEEN_RETENTION_MS));
    return { forgotten, visitors, salts };
  }
}
