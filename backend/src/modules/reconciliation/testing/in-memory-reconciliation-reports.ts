import { ReconciliationReports } from '../application/ports/reconciliation-reports.js';
import type { ReconciliationRun } from '../domain/run.js';

export class InMemoryReconciliationReports extends ReconciliationReports {
  readonly runs: ReconciliationRun[] = [];

  save(run: ReconciliationRun): Promise<void> {
    this.runs.push(structuredClone(run));
    return Promise.resolve();
  }

  last(): Promise<ReconciliationRun | null> {
    const last = [...this.runs].sort((a, b) => b.finishedAt.getTime() - a.finishedAt.getTime())[0];
    return Promise.resolve(last ? structuredClone(last) : null);
  }

  async lastSummary(): Promise<Omit<ReconciliationRun, 'differences'> | null> {
    const last = await this.last();
    if (!last) return null;
    const summary: Partial<ReconciliationRun> = last;
    delete summary.differences;
    return summary as Omit<ReconciliationRun, 'differences'>;
  }
}
