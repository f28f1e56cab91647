import type { Id } from '../../../../shared/ids.js';

/** Queues the sending of a broadcast's next batch (the worker's broadcast-batch job). */
export abstract class BroadcastJobs {
  /** `batch` names the batch, so the same batch queued twice runs once (and running it twice sends nobody twice). */
  abstract queueBatch(broadcastId: Id, batch: number): Promise<void>;
}
