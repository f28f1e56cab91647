import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { LoginRequest, RegisterRequest } from './auth.dto.js';
import { ChangeEmailRequest } from './email-address.dto.js';
import { PasswordResetRequest } from './account.dto.js';
import { Messages } from './messages.js';
import { BookingRequest, PaymentMessages } from './payments.js';
import { UpdatePayoutSettingsRequest } from './settings.dto.js';
import { isWellFormedText } from './validation.js';
import { isEmailAddress } from './validators.js';

/** Text no e-mail check may throw on: an unpaired surrogate (encodeURI throws URIError on one), alone or in an address. */
const BROKEN = ['\uD800', 'pay\uDC00@example.com', 'pay@example.com\uD83D', `${'p'.repeat(60)}\uD800@example.com`];

describe('isWellFormedText', () => {
  it.each([['plain'], [''], ['café 😀'], ['\u202Eabc'], ['a\u0000b']])('takes %j', (text) => {
    expect(isWellFormedText(text)).toBe(true);
  });

  it.each([['\uD800'], ['a\uDC00b'], ['\uDE00\uD83D'], ['😀\uD83D']])(
    'refuses the unpaired surrogate in %j',
    (text) => {
      expect(isWellFormedText(text)).toBe(false);
    },
  );
});

describe('isEmailAddress', () => {
  it.each([['pay@example.com'], ['first.last+tag@sub.example.org']])('takes %j', (value) => {
    expect(isEmailAddress(value)).toBe(true);
  });

  it.each<[unknown]>([
    ...BROKEN.map((text): [unknown] => [text]),
    ['not-an-email'],
    [''],
    [42],
    [null],
    [['pay@example.com']],
  ])('refuses %j without throwing', (value) => {
    expect(isEmailAddress(value)).toBe(false);
  });
});

describe('every e-mail field', () => {
  const cases: Array<[string, new () => object, Record<string, unknown>, string, string]> = [
    ['sign-in', LoginRequest, { password: 'correct horse' }, 'email', Messages.invalidEmail],
    [
      'sign-up',
      RegisterRequest,
      { username: 'walker', password: 'correct horse', confirmPassword: 'correct horse', displayName: 'Walker' },
      'email',
      Messages.invalidEmail,
    ],
    ['a password reset', PasswordResetRequest, {}, 'email', Messages.invalidEmail],
    ['an e-mail change', ChangeEmailRequest, { password: 'correct horse' }, 'email', Messages.invalidEmail],
    [
      'a booking',
      BookingRequest,
      { customerName: 'Ann', startsAt: '2030-01-01T09:00:00Z' },
      'customerEmail',
      PaymentMessages.validEmailRequired,
    ],
    ['the payout settings', UpdatePayoutSettingsRequest, {}, 'paypalEmail', Messages.invalidPaypalEmail],
  ];

  it.each(
    cases.flatMap(([name, type, rest, field, message]) =>
      BROKEN.map((text) => [name, type, rest, field, message, text] as const),
    ),
  )('in %s answers its message for %#', (_name, type, rest, field, message, text) => {
    const errors = validateSync(plainToInstance(type, { ...rest, [field]: text }));
    expect(errors.find((error) => error.property === field)?.constraints).toEqual(
      expect.objectContaining({ isEmail: message }),
    );
  });
});
