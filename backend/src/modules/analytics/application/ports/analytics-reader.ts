import type { Id } from '../../../../shared/ids.js';
import type { AnalyticsTotals } from '../../domain/analytics.js';

export abstract class AnalyticsReader {
  abstract totalsForOwner(ownerId: Id): Promise<AnalyticsTotals>;
  /** Click count per link id of the owner; links without clicks may be absent. */
  abstract clicksByLink(ownerId: Id): Promise<Map<Id, number>>;
}
