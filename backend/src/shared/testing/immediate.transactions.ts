import { Transactions } from '../transactions.js';

/** In memory there is nothing to commit: the work just runs. */
export class ImmediateTransactions extends Transactions {
  run<T>(work: () => Promise<T>): Promise<T> {
    return work();
  }
}
