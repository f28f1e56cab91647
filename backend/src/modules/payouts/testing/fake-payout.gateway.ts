import { PayoutGateway, type PayoutDispatch, type PayoutOrder } from '../application/ports/payout-gateway.js';

/**
 * A provider that answers what the test says: `answer` for sends (default: accepted, processing), `states`
 * per batch id for checks; `error` makes every call throw, as an unreachable provider does.
 */
export class FakePayoutGateway extends PayoutGateway {
  readonly orders: PayoutOrder[] = [];
  readonly checks: string[] = [];
  readonly states = new Map<string, PayoutDispatch>();
  answer: ((order: PayoutOrder) => PayoutDispatch) | null = null;
  error: Error | null = null;

  send(order: PayoutOrder): Promise<PayoutDispatch> {
    if (this.error) return Promise.reject(this.error);
    this.orders.push({ ...order });
    return Promise.resolve(
      this.answer ? this.answer(order) : { status: 'processing', providerBatchId: `BATCH-${order.payoutId}` },
    );
  }

  check(providerBatchId: string): Promise<PayoutDispatch> {
    if (this.error) return Promise.reject(this.error);
    this.checks.push(providerBatchId);
    return Promise.resolve(this.states.get(providerBatchId) ?? { status: 'processing', providerBatchId });
  }
}
