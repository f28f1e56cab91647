import { ManualPayoutGateway } from './infrastructure/manual-payout.gateway.js';
import { PayPalPayoutGateway } from './infrastructure/paypal-payout.gateway.js';
import { payoutGatewaysFor } from './payouts.module.js';

describe('payout gateways from the environment', () => {
  const API = 'https://api-m.sandbox.paypal.com';

  it('leaves every payout to the operators without PAYPAL_CLIENT_ID', () => {
    const gateways = payoutGatewaysFor({ PAYPAL_API_URL: API });
    expect(gateways.paypal).toBeNull();
    expect(gateways.for('paypal')).toBeInstanceOf(ManualPayoutGateway);
    expect(gateways.for('cashapp')).toBeInstanceOf(ManualPayoutGateway);
  });

  it('sends PayPal e-mails through PayPal Payouts with PAYPAL_CLIENT_ID and its secret; CashApp stays manual', () => {
    const gateways = payoutGatewaysFor({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_API_URL: API });
    expect(gateways.for('paypal')).toBeInstanceOf(PayPalPayoutGateway);
    expect(gateways.for('cashapp')).toBeInstanceOf(ManualPayoutGateway);
  });

  it('refuses to start with a client id but no secret', () => {
    expect(() => payoutGatewaysFor({ PAYPAL_CLIENT_ID: 'id', PAYPAL_API_URL: API })).toThrow(
      'PAYPAL_CLIENT_SECRET must be set together with PAYPAL_CLIENT_ID',
    );
  });
});
