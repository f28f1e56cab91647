import { Transform } from 'class-transformer';
import { Allow, IsBoolean, IsNotEmpty, IsOptional, IsString, IsUUID, Matches, registerDecorator, ValidateIf } from 'class-validator';
import type { Attribution } from './attribution.js';
import { EMAIL_MAX_LENGTH, PLATFORM_FEE_PERCENT } from './constants.js';
import { IsEmailAddress, trimString, MaxChars } from './validators.js';
import { IsInstant, IsLocale, IsTimeZone } from './scheduling.dto.js';
import { SchedulingMessages } from './scheduling.messages.js';
import { CouponMessages } from './coupons.messages.js';
import { isIntakeAnswerList, SessionBookingMessages } from './session-booking.js';
import type { BookedLocation, IntakeAnswer, IntakeAnswerRequest } from './session-types.js';

/** Messages of the money paths (spec §5, §8; decisions.md). */
export const PaymentMessages = {
  nameRequired: 'Name is required',
  validEmailRequired: 'Valid email is required',
  phoneTooLong: 'Phone number must be at most 30 characters',
  messageTooLong: 'Message must be at most 1000 characters',
  bookingUnavailable: 'This creator is not taking bookings right now.',
  alreadySubscribed: 'Already subscribed',
  notSubscribed: 'You have no active subscription to cancel.',
  cardNumberInvalid: 'Your card number is incomplete.',
  cardExpiryInvalid: "Your card's expiration date is incomplete.",
  cardExpired: "Your card's expiration year is in the past.",
  cvcInvalid: "Your card's security code is incomplete.",
  cardDeclined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  paymentNotFound: 'Payment not found',
  paymentAlreadyCompleted: 'This payment has already been completed.',
  webhookSignature: 'Webhook signature verification failed',
  providerUnavailable: 'Card payments are not available right now. Please try again in a few minutes.',
  bookingNotFound: 'Booking not found',
  notRefundable: 'Only a paid or partly refunded booking can be cancelled and refunded.',
  refundUnavailable: 'The refund could not be made right now. It will be retried in a few minutes.',
  replacesInvalid: 'replacesClientSecret must be the client secret of an earlier booking request.',
  manageLinkInvalid: 'This booking link is not valid.',
  alreadyCancelled: 'This booking is already cancelled.',
  alreadyMoved: 'This booking has been moved once already.',
  sessionPast: 'This session has already started, so it can no longer be changed.',
  notManageable: 'This booking can no longer be changed.',
  joinListInvalid: 'joinList must be true or false.',
  timeTakenRefunding:
    'Someone else booked this time while you were paying. Your payment is being refunded in full, and you will get an email when it is done.',
} as const;

/**
 * What the bio page says to a visitor coming back from paying (`?booked=…`): `confirmed` ('Booking
 * Confirmed!', `?booked=true`), or `refunding` (`?booked=refunding`: the time was taken while they paid).
 */
export type BookedNotice = 'confirmed' | 'refunding';

/** The bio page a visitor goes back to after paying, with the notice to show (none while unpaid). */
export function bookingReturnPath(username: string, notice: BookedNotice | null): string {
  const query = notice === 'confirmed' ? '?booked=true' : notice === 'refunding' ? '?booked=refunding' : '';
  return `/${encodeURIComponent(username)}${query}`;
}

function Validates(name: string, validate: (value: unknown) => boolean, message: string): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({ name, target: target.constructor, propertyName: propertyName as string, options: { message }, validator: { validate } });
}

/** POST /api/users/{username}/book. Amounts are never taken from the client. */
export class BookingRequest {
  @MaxChars(100, { message: PaymentMessages.nameRequired })
  @IsNotEmpty({ message: PaymentMessages.nameRequired })
  @IsString({ message: PaymentMessages.nameRequired })
  @Transform(trimString)
  customerName!: string;

  @IsEmailAddress({ message: PaymentMessages.validEmailRequired })
  @MaxChars(EMAIL_MAX_LENGTH, { message: PaymentMessages.validEmailRequired })
  @IsString({ message: PaymentMessages.validEmailRequired })
  @Transform(trimString)
  customerEmail!: string;

  @MaxChars(30, { message: PaymentMessages.phoneTooLong })
  @IsString({ message: PaymentMessages.phoneTooLong })
  @ValidateIf((_, value) => value !== null && value !== undefined && value !== '')
  @Transform(trimString)
  customerPhone?: string | null;

  @MaxChars(1000, { message: PaymentMessages.messageTooLong })
  @IsString({ message: PaymentMessages.messageTooLong })
  @ValidateIf((_, value) => value !== null && value !== undefined && value !== '')
  @Transform(trimString)
  message?: string | null;

  /** The picked slot's start (an instant from GET /api/users/{username}/slots); required when the creator has weekly hours. */
  @IsInstant(SchedulingMessages.slotStart)
  @IsOptional()
  slotStart?: string;

  /**
   * The client secret of this visitor's earlier request, not paid, that this one replaces (another time or
   * other details): that request is closed and its held time freed. Anything else is ignored.
   */
  @MaxChars(300, { message: PaymentMessages.replacesInvalid })
  @IsString({ message: PaymentMessages.replacesInvalid })
  @IsOptional()
  replacesClientSecret?: string;

  /**
   * The visitor's time zone (IANA, the one the booking page shows the times in): their e-mails give the session's
   * time in it as well as in the creator's. Absent: the creator's. One the server does not know is a 400.
   */
  @IsTimeZone()
  @IsOptional()
  timeZone?: string;

  /** Ticked "join my e-mail list": asked to confirm once paid (double opt-in); never fails the booking. */
  @IsBoolean({ message: PaymentMessages.joinListInvalid })
  @IsOptional()
  joinList?: boolean;

  /** The visitor's locale (a language tag, e.g. the browser's): how their e-mails write times. Absent: en-US. */
  @IsLocale()
  @IsOptional()
  locale?: string;

  /** A coupon code of the creator's (coupons.dto.ts): checked on the server, the price discounted before the fee. */
  @Matches(/^\S{1,64}$/, { message: CouponMessages.checkCode })
  @IsString({ message: CouponMessages.checkCode })
  @ValidateIf((_, value) => value !== null && value !== undefined && value !== '')
  @Transform(trimString)
  couponCode?: string | null;

  /**
   * The session type booked (PublicSessionType.id): one the creator offers now. Absent: their only type; a
   * creator with several asks the visitor to choose (400).
   */
  @IsUUID('all', { message: SessionBookingMessages.sessionTypeId })
  @IsOptional()
  sessionTypeId?: string;

  /** Answers to the type's intake questions, checked against them on the server (checkIntakeAnswers). */
  @Validates('isIntakeAnswerList', isIntakeAnswerList, SessionBookingMessages.answers)
  @IsOptional()
  answers?: IntakeAnswerRequest[];

  /**
   * The visit the booking came from, as the booking page's address carried it (attribution.ts): read on the
   * server with attributionFromBody, so a value of another shape is no attribution, never an error.
   */
  @Allow()
  @IsOptional()
  attribution?: Partial<Attribution> | null;
}

/** The local test provider's card form (Stripe's test card numbers): a payment's, and the card change's. */
export class LocalCardFields {
  @Matches(/^[0-9 ]{12,23}$/, { message: PaymentMessages.cardNumberInvalid })
  @IsString({ message: PaymentMessages.cardNumberInvalid })
  cardNumber!: string;

  /** MM/YY */
  @Matches(/^(0[1-9]|1[0-2]) ?\/ ?\d{2}$/, { message: PaymentMessages.cardExpiryInvalid })
  @IsString({ message: PaymentMessages.cardExpiryInvalid })
  expiry!: string;

  @Matches(/^\d{3,4}$/, { message: PaymentMessages.cvcInvalid })
  @IsString({ message: PaymentMessages.cvcInvalid })
  cvc!: string;

  @IsOptional()
  @IsString()
  @MaxChars(100, { message: PaymentMessages.nameRequired })
  name?: string;
}

/** POST /api/payments/local/confirm: the local test provider's card form for a payment. */
export class LocalCardConfirmRequest extends LocalCardFields {
  @IsString({ message: PaymentMessages.paymentNotFound })
  @IsNotEmpty({ message: PaymentMessages.paymentNotFound })
  clientSecret!: string;
}

/**
 * The fee lines of a sale — a booking, a product or a tip — in integer cents (decisions.md, Money): the one fee
 * rule, so a change of policy is one edit.
 */
export interface SaleAmounts {
  /** The price: what the creator earns ("Service Fee" for a session). */
  userAmount: number;
  /** round_half_up(price × 20 / 100) ("Platform Fee (20%)"), on top of the price. */
  platformFee: number;
  /** userAmount + platformFee: what the customer pays ("Total"). */
  amount: number;
}

/** Exact integer arithmetic: 20% of the price on top, halves rounded up. Every sale's amounts come from here. */
export function saleAmounts(priceCents: number): SaleAmounts {
  if (!Number.isSafeInteger(priceCents) || priceCents < 0) throw new RangeError('price must be a whole number of cents');
  const platformFee = Math.floor((priceCents * PLATFORM_FEE_PERCENT + 50) / 100);
  return { userAmount: priceCents, platformFee, amount: priceCents + platformFee };
}

/** A booking's fee lines: the sale rule, as for every sale. */
export type BookingAmounts = SaleAmounts;
export const bookingAmounts = saleAmounts;

export interface BookingCreatedResponse extends BookingAmounts {
  clientSecret: string;
  /** What the coupon took off the price (0 without one). */
  discountCents: number;
}

export type SubscriptionCreatedResponse = { clientSecret: string } | { message: 'Already subscribed' };

/** GET /api/config: which card form the pages render. */
export interface PaymentConfigView {
  paymentProvider: 'stripe' | 'local';
  /** Stripe's publishable key when Stripe is live. */
  stripePublishableKey: string | null;
}

/**
 * A booking is requested as pending_payment and becomes paid once its payment succeeds; a payment that was
 * declined or could not be made leaves it failed (decisions.md, Bookings and payments). A booking at a set
 * time holds its slot while the visitor pays: unpaid when the hold runs out, it is expired. A payment that
 * arrives after that, for a slot someone else has taken meanwhile, leaves it refund_due: paid, but the
 * session cannot take place and the money goes back to the visitor (nothing is credited to the creator).
 * A paid booking cancelled (by the creator, or by the visitor outside the cancellation window) is refunded in
 * full through the payment provider: refunded, its earning reversed in the ledger. Cancelled by the visitor
 * inside the window, it is cancelled: its time freed, not refunded, the earning kept. A refund made at the
 * provider applies in any paid state: part of the amount, partially_refunded (the creator's share reversed in
 * proportion) until the refunds add up to the amount, then refunded. A refund that failed after it had
 * succeeded leaves refund_failed: the visitor may not have the money back, operators resolve it.
 */
export type BookingStatus =
  | 'pending_payment'
  | 'paid'
  | 'failed'
  | 'expired'
  | 'refund_due'
  | 'refunded'
  | 'cancelled'
  | 'partially_refunded'
  | 'refund_failed';

/**
 * The states of a booking the visitor paid for (and what became of it): the creator's bookings. Waiting,
 * failed and expired ones are a visitor's attempts, never listed as bookings, only counted.
 */
export const PAID_BOOKING_STATUSES: readonly BookingStatus[] = ['paid', 'refund_due', 'refunded', 'cancelled', 'partially_refunded', 'refund_failed'];

/** The states of a visitor's unpaid attempts: GET /api/bookings counts them (unpaidAttempts). */
export const UNPAID_BOOKING_STATUSES: readonly BookingStatus[] = ['pending_payment', 'failed', 'expired'];

/** GET /api/bookings: the creator's paid bookings (status among PAID_BOOKING_STATUSES), newest first. */
export interface BookingView {
  id: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  message: string | null;
  amount: number;
  userAmount: number;
  platformFee: number;
  status: BookingStatus;
  createdAt: string;
  paidAt: string | null;
  /** The session's time (ISO 8601 UTC instants) when it was booked at a set time, else null. */
  slotStart: string | null;
  slotEnd: string | null;
  /** The session type's name as booked; null for a booking made before session types. */
  sessionName: string | null;
  /** Where the session takes place, as resolved when booked (the generated room, the visitor's number); null: not set. */
  location: BookedLocation | null;
  /** The visitor's answers to the type's questions, as asked then. */
  answers: IntakeAnswer[];
  /**
   * Where the visit that led to the booking came from (issue 29): its `utm_source`, else the referring host; null
   * for a direct visit or a booking made before sources were kept.
   */
  source: string | null;
}

/**
 * GET /api/bookings?limit=1..100&cursor=…: one page of the creator's paid bookings, newest first (limit
 * defaults to 50). nextCursor, when not null, fetches the next page; unpaidAttempts counts every booking
 * request of the creator still waiting for payment, declined or expired.
 */
export interface BookingsPage {
  bookings: BookingView[];
  nextCursor: string | null;
  unpaidAttempts: number;
}

export const BOOKINGS_PAGE_SIZE = { default: 50, max: 100 } as const;

export class BookingsQuery {
  @Matches(/^([1-9]\d?|100)$/, { message: SchedulingMessages.limit })
  @IsString({ message: SchedulingMessages.limit })
  @IsOptional()
  limit?: string;

  @Matches(/^[A-Za-z0-9_-]{1,200}$/, { message: SchedulingMessages.cursor })
  @IsString({ message: SchedulingMessages.cursor })
  @IsOptional()
  cursor?: string;
}

/** GET /api/subscription: the creator's plan. */
export interface SubscriptionView {
  plan: 'free' | 'premium';
  status: 'none' | 'incomplete' | 'active' | 'canceling' | 'canceled' | 'past_due';
  /** When premium renews, or ends when cancelled at period end (ISO instant). */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
}

/** POST /api/payments/local/confirm answer; a refused card answers 402 with the provider's message. */
export interface LocalConfirmResponse {
  status: 'succeeded';
  /** Where the page goes next, as Stripe's return_url would. */
  returnUrl: string | null;
}

/**
 * POST /api/bookings/confirm: after an in-page confirmation (no redirect), the page asks the server to check
 * the payment with the provider; the same check as the return to /booking-success.
 */
export class BookingConfirmRequest {
  @IsString({ message: PaymentMessages.paymentNotFound })
  @IsNotEmpty({ message: PaymentMessages.paymentNotFound })
  @MaxChars(300, { message: PaymentMessages.paymentNotFound })
  clientSecret!: string;
}

export interface BookingConfirmResponse {
  /** 'paid' once the provider says the payment succeeded. */
  status: BookingStatus;
  /**
   * Where the page goes next: /{username}?booked=true when paid, /{username}?booked=refunding when the time was
   * taken while the visitor paid (the payment goes back in full), else /{username}.
   */
  returnUrl: string;
  /** Said at once when the time was taken while the visitor paid: their payment is being refunded in full. */
  message?: string;
}
