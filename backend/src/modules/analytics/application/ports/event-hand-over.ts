import type { EventBatch } from '../../domain/analytics.js';

/**
 * Where the API process hands its batches of counted views and clicks to the worker, which adds them to the
 * rollups (by the batch's id, so a batch handed over twice counts once). On Redis, an entry on a stream; with
 * the queues in PostgreSQL, a job on the analytics queue.
 */
export abstract class EventHandOver {
  /** Settles once the batch is stored durably for the worker; rejects when the store did not take it. */
  abstract send(batch: EventBatch): Promise<void>;
}
