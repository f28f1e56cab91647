import type { Difference } from './reconcile.js';

/**
 * What became of a difference: reported only; or the provider's refund applied as if its event had come
 * (applied), its rebuilt event applied before (duplicate), nothing here for it to change (unapplied), or the
 * application failing (failed; the next run tries again).
 */
export type Resolution = 'reported' | 'applied' | 'duplicate' | 'unapplied' | 'failed';

export const RESOLUTIONS: readonly Resolution[] = ['reported', 'applied', 'duplicate', 'unapplied', 'failed'];

export type ReportedDifference = Omit<Difference, 'apply'> & { resolution: Resolution };

/** One reconciliation of a UTC day with the provider. */
export interface ReconciliationRun {
  id: string;
  /** YYYY-MM-DD (UTC) */
  day: string;
  provider: 'stripe' | 'local';
  trigger: 'schedule' | 'operator';
  startedAt: Date;
  finishedAt: Date;
  /** Records compared: the provider's payments and refunds, our bookings and refunds. */
  compared: { payments: number; refunds: number; bookings: number; ourRefunds: number };
  differences: ReportedDifference[];
  /** Differences found. */
  found: number;
  /** Differences left once the provider's refunds were applied: zero when the ledger matches. */
  remaining: number;
}

/** A difference is settled by the run only when its provider refund was applied now. */
export const isSettled = (difference: { resolution: Resolution }): boolean => difference.resolution === 'applied';
