import { chargeRefundFacts, refundFacts } from './provider-objects.js';

describe('provider objects: refunds', () => {
  const refund = { id: 're_1', object: 'refund', amount: 4500, currency: 'usd', status: 'succeeded', payment_intent: 'pi_1', charge: 'ch_1', created: 1 };

  it('reads a refund: its id, payment, amount, currency (lower case) and how it stands', () => {
    expect(refundFacts(refund)).toEqual({ refundId: 're_1', intentId: 'pi_1', amount: 4500, currency: 'usd', status: 'succeeded' });
    expect(refundFacts({ ...refund, currency: 'EUR', status: 'canceled' })).toMatchObject({ currency: 'eur', status: 'failed' });
    expect(refundFacts({ ...refund, status: 'requires_action' })).toMatchObject({ status: 'pending' });
    expect(refundFacts({ ...refund, payment_intent: { id: 'pi_2' } })).toMatchObject({ intentId: 'pi_2' });
  });

  it('refuses a refund missing what it needs, or of no amount', () => {
    for (const broken of [{ ...refund, id: undefined }, { ...refund, amount: 'lots' }, { ...refund, amount: 0 }, { ...refund, amount: 1.5 }, { ...refund, status: undefined }, { ...refund, payment_intent: null }]) {
      expect(refundFacts(broken)).toBeNull();
    }
  });

  it('reads charge.refunded with its refunds listed, or only its cumulative amount refunded', () => {
    const charge = { id: 'ch_1', object: 'charge', payment_intent: 'pi_1', amount: 9000, amount_refunded: 9000, currency: 'usd' };
    expect(chargeRefundFacts({ ...charge, refunds: { data: [refund, { ...refund, id: 're_2' }] } })).toEqual({
      intentId: 'pi_1',
      currency: 'usd',
      amountRefunded: 9000,
      refunds: [
        { refundId: 're_1', intentId: 'pi_1', amount: 4500, currency: 'usd', status: 'succeeded' },
        { refundId: 're_2', intentId: 'pi_1', amount: 4500, currency: 'usd', status: 'succeeded' },
      ],
    });
    expect(chargeRefundFacts(charge)).toEqual({ intentId: 'pi_1', currency: 'usd', amountRefunded: 9000, refunds: null });
    // A listed refund that cannot be read makes the whole event unreadable, not a partial one.
    expect(chargeRefundFacts({ ...charge, refunds: { data: [{ id: 're_3' }] } })).toBeNull();
    expect(chargeRefundFacts({ ...charge, amount_refunded: -1 })).toBeNull();
  });
});
