import type { EventBatch } from '../domain/analytics.js';

// The Redis stream that carries batches of views and clicks from the API processes (XADD) to the workers
// (XREADGROUP in one consumer group, XACK and XDEL once counted). Both sides read its layout from here.

/** The consumer group every worker reads the stream in: each entry goes to one worker at a time. */
export const ANALYTICS_STREAM_GROUP = 'counters';

/** The stream's key, under the deployment's key prefix (REDIS_KEY_PREFIX). */
export const analyticsStreamKey = (keyPrefix: string) => `${keyPrefix}analytics:batches`;

/** Entries that could not be counted after every attempt: kept here with the reason, for an operator. */
export const analyticsFailedStreamKey = (keyPrefix: string) => `${keyPrefix}analytics:failed`;

/** An entry's fields: the batch's id and its groups as JSON. */
export const entryFields = (batch: EventBatch): string[] => ['batch', batch.id, 'groups', JSON.stringify(batch.groups)];

/** The batch an entry carries; null when its fields are not an entry of ours. */
export function batchOfEntry(fields: readonly string[]): EventBatch | null {
  let id: string | undefined;
  let groups: string | undefined;
  for (let i = 0; i + 1 < fields.length; i += 2) {
    if (fields[i] === 'batch') id = fields[i + 1];
    else if (fields[i] === 'groups') groups = fields[i + 1];
  }
  if (!id || groups === undefined) return null;
  try {
    const parsed: unknown = JSON.parse(groups);
    return Array.isArray(parsed) ? { id, groups: parsed as EventBatch['groups'] } : null;
  } catch {
    return null;
  }
}
