import { PayoutGateway, type PayoutDispatch, type PayoutOrder } from '../application/ports/payout-gateway.js';

/**
 * The operators pay by hand (CashApp handles always; PayPal e-mails when the Payouts API is not configured)
 * and record it with `POST /api/admin/payouts/{id}/mark-paid` or `npm run ops -- payouts:mark-paid`.
 */
export class ManualPayoutGateway extends PayoutGateway {
  send(_order: PayoutOrder): Promise<PayoutDispatch> {
    return Promise.resolve({ status: 'awaiting_manual' });
  }

  check(_providerBatchId: string): Promise<PayoutDispatch> {
    return Promise.resolve({ status: 'awaiting_manual' });
  }
}
