import { PaymentMessages } from './payments.js';

/*
 * The local card form's rules, as Stripe's card fields apply them: digits grouped by four, MM/YY with the
 * slash added as typed, a 3 or 4 digit CVC. Messages are Stripe's own (shared-contracts' PaymentMessages).
 */

export interface CardDetails {
  cardNumber: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardErrors = Partial<Record<'cardNumber' | 'expiry' | 'cvc', string>>;

const MAX_CARD_DIGITS = 19;

/** "4242424242424242" → "4242 4242 4242 4242"; anything but digits is dropped, at most 19 digits. */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, MAX_CARD_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1234" → "12/34"; a first digit above 1 is a month of its own ("4" → "04"). */
export function formatExpiry(input: string): string {
  let digits = input.replace(/\D/g, '').slice(0, 4);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export const formatCvc = (input: string) => input.replace(/\D/g, '').slice(0, 4);

/** What is wrong with the card, field by field; `now` decides whether the expiry is past. */
export function validateCard(card: CardDetails, now = new Date()): CardErrors {
  const errors: CardErrors = {};
  const digits = card.cardNumber.replace(/\D/g, '');
  if (digits.length < 13 || digits.length > MAX_CARD_DIGITS) errors.cardNumber = PaymentMessages.cardNumberInvalid;
  const expiry = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(card.expiry.trim());
  if (!expiry) errors.expiry = PaymentMessages.cardExpiryInvalid;
  else {
    const month = Number(expiry[1]);
    const year = 2000 + Number(expiry[2]);
    const thisYear = now.getFullYear();
    const thisMonth = now.getMonth() + 1;
    if (year < thisYear || (year === thisYear && month < thisMonth)) errors.expiry = PaymentMessages.cardExpired;
  }
  if (!/^\d{3,4}$/.test(card.cvc)) errors.cvc = PaymentMessages.cvcInvalid;
  return errors;
}

/** What the local card form sends to POST /api/payments/local/confirm. */
export interface LocalCardPayment {
  clientSecret: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
  name?: string;
}

/** The card's fields in the order a person fixes them. */
const CARD_FIELDS = ['cardNumber', 'expiry', 'cvc'] as const;

/**
 * Checks a card before it is sent: the errors by field and the first field to fix, or (when there is none)
 * the payment to send, with an empty cardholder name left out.
 */
export function checkCard(
  clientSecret: string,
  card: CardDetails,
  now = new Date(),
): { errors: CardErrors; firstInvalid: keyof CardErrors | null; payment: LocalCardPayment | null } {
  const errors = validateCard(card, now);
  const firstInvalid = CARD_FIELDS.find((field) => errors[field]) ?? null;
  if (firstInvalid) return { errors, firstInvalid, payment: null };
  const name = card.name.trim();
  const payment = { clientSecret, cardNumber: card.cardNumber, expiry: card.expiry, cvc: card.cvc, ...(name ? { name } : {}) };
  return { errors, firstInvalid: null, payment };
}
