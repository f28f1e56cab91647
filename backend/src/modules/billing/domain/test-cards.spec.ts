import { PaymentMessages } from '@linkbio/shared-contracts';
import { chargeSavedCard, chargeTestCard, passesLuhn, savedCardOf } from './test-cards.js';

const NOW = new Date('2026-03-02T12:00:00Z');
const card = (cardNumber: string, expiry = '12/30', cvc = '123') => ({ cardNumber, expiry, cvc });

describe('the local provider with Stripe test cards', () => {
  it.each([
    ['4242 4242 4242 4242', { kind: 'approved' }],
    ['4242424242424242', { kind: 'approved' }],
    ['5555 5555 5555 4444', { kind: 'approved' }],
    ['4000 0000 0000 0002', { kind: 'declined', code: 'card_declined', message: PaymentMessages.cardDeclined }],
    ['4000 0000 0000 9995', { kind: 'declined', code: 'insufficient_funds', message: PaymentMessages.insufficientFunds }],
    ['4242 4242 4242 4241', { kind: 'invalid', message: PaymentMessages.cardNumberInvalid }],
    ['4242 4242 42', { kind: 'invalid', message: PaymentMessages.cardNumberInvalid }],
  ])('%s', (number, outcome) => {
    expect(chargeTestCard(card(number), NOW)).toEqual(outcome);
  });

  it('accepts a card through the last day of its expiry month and refuses it after', () => {
    expect(chargeTestCard(card('4242424242424242', '03/26'), NOW)).toEqual({ kind: 'approved' });
    expect(chargeTestCard(card('4242424242424242', '02/26'), NOW)).toEqual({ kind: 'invalid', message: PaymentMessages.cardExpired });
    expect(chargeTestCard(card('4242424242424242', '13/30'), NOW)).toEqual({ kind: 'invalid', message: PaymentMessages.cardExpiryInvalid });
    expect(chargeTestCard(card('4242424242424242', '12/30', '12'), NOW)).toEqual({ kind: 'invalid', message: PaymentMessages.cvcInvalid });
  });

  it('checks numbers with Luhn', () => {
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('79927398710')).toBe(false);
    expect(passesLuhn('12a4')).toBe(false);
  });

  it('keeps the last four digits and the expiry of a card for renewals, never the number', () => {
    expect(savedCardOf({ cardNumber: '4242 4242 4242 4242', expiry: '03/26' })).toEqual({ last4: '4242', expMonth: 3, expYear: 2026 });
    expect(savedCardOf({ cardNumber: '5555555555554444', expiry: '12 / 30' })).toEqual({ last4: '4444', expMonth: 12, expYear: 2030 });
  });

  it('charges a saved card again through its expiry month, then declines it as expired', () => {
    const saved = { last4: '4242', expMonth: 3, expYear: 2026 };
    expect(chargeSavedCard(saved, new Date('2026-03-31T23:59:59Z'))).toEqual({ kind: 'approved' });
    expect(chargeSavedCard(saved, new Date('2026-04-01T00:00:00Z'))).toEqual({
      kind: 'declined',
      code: 'expired_card',
      message: PaymentMessages.cardExpired,
    });
  });
});
