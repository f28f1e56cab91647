import type { ReconciliationRun } from '../../domain/run.js';

/** Where each run's report is kept, for the operators (the ops command, the metrics). */
export abstract class ReconciliationReports {
  abstract save(run: ReconciliationRun): Promise<void>;
  /** The run finished last, with its differences; null before the first. */
  abstract last(): Promise<ReconciliationRun | null>;
  /** The run finished last, without its differences (read at every metrics scrape). */
  abstract lastSummary(): Promise<Omit<ReconciliationRun, 'differences'> | null>;
}
