import type { PayoutMethod } from '@linkbio/shared-contracts';
import type { PayoutDispatch } from '../../domain/payout.js';

export type { PayoutDispatch };

/** One payout as it is handed to a provider. Money in integer cents. */
export interface PayoutOrder {
  /** Our payout id: PayPal's sender_batch_id, so sending it twice pays once. */
  payoutId: string;
  week: string;
  amount: number;
  currency: string;
  method: PayoutMethod;
  /** PayPal e-mail or CashApp handle. */
  destination: string;
}

/**
 * Where payouts go: PayPal Payouts (REST) for PayPal e-mails when PAYPAL_CLIENT_ID is set; otherwise, and
 * for every CashApp handle, the manual gateway (the operators pay and mark the payout paid).
 *
 * `send` answers what the provider said ('processing' carries PayPal's batch id; null only when PayPal
 * reported the batch as a duplicate without naming it). A provider that is unreachable or answers 5xx makes
 * `send` and `check` throw, so the job is retried; sending again is safe (idempotent by payout id).
 */
export abstract class PayoutGateway {
  abstract send(order: PayoutOrder): Promise<PayoutDispatch>;
  /** The provider's current word on a payout it accepted (processing → paid or failed). */
  abstract check(providerBatchId: string): Promise<PayoutDispatch>;
}

/** The gateways of this install: PayPal e-mails go to PayPal when it is configured, everything else to the operators. */
export class PayoutGateways {
  constructor(
    /** null when PAYPAL_CLIENT_ID is not set. */
    readonly paypal: PayoutGateway | null,
    readonly manual: PayoutGateway,
  ) {}

  for(method: PayoutMethod): PayoutGateway {
    return method === 'paypal' && this.paypal ? this.paypal : this.manual;
  }
}
