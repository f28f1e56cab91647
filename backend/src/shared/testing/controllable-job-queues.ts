import type { JobsOptions } from 'bullmq';
import type { JobQueues } from '../queues/job-queues.js';
import type { JobData, JobName, QueueName } from '../queues/queue-definitions.js';

/** How the store answers one `add`: it accepts the job, fails, or holds the call until the test settles it. */
export type AddAnswer = 'accept' | 'fail' | 'hold';

export interface AddCall {
  readonly queue: QueueName;
  readonly name: string;
  /** A copy of the job's data as it was handed over. */
  readonly data: unknown;
  readonly options: JobsOptions;
  state: 'pending' | 'accepted' | 'failed';
  /** Settles a held call; nothing once it is settled. */
  accept(): void;
  fail(error?: Error): void;
}

/**
 * The producers' side of the queues with the store played by the test: every `add` is recorded and answered
 * as scripted by `answerNext`, else as `answer` says.
 */
export class ControllableJobQueues {
  readonly calls: AddCall[] = [];
  answer: AddAnswer = 'accept';
  private readonly script: AddAnswer[] = [];

  /** The answers of the next calls, in order; the calls after them get `answer`. */
  answerNext(...answers: AddAnswer[]): void {
    this.script.push(...answers);
  }

  add<Q extends QueueName, N extends JobName<Q>>(
    queue: Q,
    name: N,
    data: JobData<Q, N>,
    options: JobsOptions = {},
  ): Promise<void> {
    const answer = this.script.shift() ?? this.answer;
    return new Promise<void>((resolve, reject) => {
      const call: AddCall = {
        queue,
        name,
        data: structuredClone(data),
        options,
        state: 'pending',
        accept() {
          if (call.state !== 'pending') return;
          call.state = 'accepted';
          resolve();
        },
        fail(error = new Error('Connection is closed.')) {
          if (call.state !== 'pending') return;
          call.state = 'failed';
          reject(error);
        },
      };
      this.calls.push(call);
      if (answer === 'accept') call.accept();
      else if (answer === 'fail') call.fail();
    });
  }

  /** The calls whose job the store accepted. */
  accepted(): AddCall[] {
    return this.calls.filter((call) => call.state === 'accepted');
  }

  pending(): AddCall[] {
    return this.calls.filter((call) => call.state === 'pending');
  }

  asJobQueues(): JobQueues {
    return this as unknown as JobQueues;
  }
}
