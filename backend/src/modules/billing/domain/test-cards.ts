import { PaymentMessages } from '@linkbio/shared-contracts';

/** What the local test provider does with a card: Stripe's test card numbers, checked like Stripe.js would. */
export type CardOutcome =
  | { kind: 'approved' }
  /** The form is wrong: answered 400, nothing is charged or recorded. */
  | { kind: 'invalid'; message: string }
  /** The issuer refuses: answered 402, the payment is marked failed. */
  | { kind: 'declined'; code: string; message: string };

/** Stripe's decline test cards (https://docs.stripe.com/testing#declined-payments). */
const DECLINES: Record<string, { code: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', message: PaymentMessages.cardDeclined },
  '4000000000009995': { code: 'insufficient_funds', message: PaymentMessages.insufficientFunds },
  '4000000000009987': { code: 'lost_card', message: PaymentMessages.cardDeclined },
  '4000000000009979': { code: 'stolen_card', message: PaymentMessages.cardDeclined },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  '4000000000000119': { code: 'processing_error', message: 'An error occurred while processing your card. Try again in a little bit.' },
};

/** What the local provider keeps of a card that paid a subscription, to charge it again at each renewal. */
export interface SavedCard {
  last4: string;
  expMonth: number;
  expYear: number;
}

/** The card a confirmation used, as saved for renewals (its form already checked by chargeTestCard). */
export function savedCardOf(card: { cardNumber: string; expiry: string }): SavedCard {
  const digits = card.cardNumber.replace(/ /g, '');
  const [, month, year] = /^(\d{2}) ?\/ ?(\d{2})$/.exec(card.expiry)!;
  return { last4: digits.slice(-4), expMonth: Number(month), expYear: 2000 + Number(year) };
}

/**
 * Charging a saved card again (a renewal): approved until the card's expiry month is over, then declined as
 * expired, as an issuer does. Only approving cards are ever saved: a declined one never paid a first invoice.
 */
export function chargeSavedCard(card: SavedCard, at: Date): CardOutcome {
  const atMonths = at.getUTCFullYear() * 12 + at.getUTCMonth();
  if (card.expYear * 12 + (card.expMonth - 1) < atMonths) return { kind: 'declined', code: 'expired_card', message: PaymentMessages.cardExpired };
  return { kind: 'approved' };
}

export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * The outcome of charging a card with the local provider. Any other well-formed number that passes the Luhn
 * check is approved, as Stripe's many success test cards are (4242 4242 4242 4242 being the usual one).
 * @param expiry "MM/YY" (already shape-checked by LocalCardConfirmRequest)
 */
export function chargeTestCard(card: { cardNumber: string; expiry: string; cvc: string }, now: Date): CardOutcome {
  const digits = card.cardNumber.replace(/ /g, '');
  if (digits.length < 13 || digits.length > 19 || !passesLuhn(digits)) {
    return { kind: 'invalid', message: PaymentMessages.cardNumberInvalid };
  }
  const match = /^(\d{2}) ?\/ ?(\d{2})$/.exec(card.expiry);
  if (!match) return { kind: 'invalid', message: PaymentMessages.cardExpiryInvalid };
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return { kind: 'invalid', message: PaymentMessages.cardExpiryInvalid };
  // A card is valid through the last day of its expiry month.
  const nowMonths = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (month - 1) < nowMonths) return { kind: 'invalid', message: PaymentMessages.cardExpired };
  if (!/^\d{3,4}$/.test(card.cvc)) return { kind: 'invalid', message: PaymentMessages.cvcInvalid };
  const decline = DECLINES[digits];
  if (decline) return { kind: 'declined', ...decline };
  return { kind: 'approved' };
}
