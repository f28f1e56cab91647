import { checkCard } from './card.js';
import { PaymentMessages } from './payments.js';

const NOW = new Date('2026-06-15T12:00:00Z');
const GOOD = { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: '' };

describe('checkCard', () => {
  it('answers the payment to send for a complete card, leaving out an empty name', () => {
    expect(checkCard('secret_1', GOOD, NOW)).toEqual({
      errors: {},
      firstInvalid: null,
      payment: { clientSecret: 'secret_1', cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
    });
  });

  it('sends the trimmed cardholder name when there is one', () => {
    expect(checkCard('secret_1', { ...GOOD, name: '  Sam Rivera ' }, NOW).payment?.name).toBe('Sam Rivera');
  });

  it('answers every error and the first field to fix, in the order of the form, and no payment', () => {
    expect(checkCard('secret_1', { cardNumber: '4242', expiry: '01/20', cvc: '1', name: '' }, NOW)).toEqual({
      errors: {
        cardNumber: PaymentMessages.cardNumberInvalid,
        expiry: PaymentMessages.cardExpired,
        cvc: PaymentMessages.cvcInvalid,
      },
      firstInvalid: 'cardNumber',
      payment: null,
    });
    expect(checkCard('secret_1', { ...GOOD, cvc: '' }, NOW).firstInvalid).toBe('cvc');
  });
});
