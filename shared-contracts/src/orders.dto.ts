import { Transform } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  ValidateIf,
} from 'class-validator';
import type { Attribution } from './attribution.js';
import { EMAIL_MAX_LENGTH } from './constants.js';
import { PaymentMessages, type SaleAmounts } from './payments.js';
import { IsEmailAddress, MaxChars, trimString } from './validators.js';

/*
 * Product orders and tips (issue 27): what the checkout sends and gets back, what the creator sees of their
 * sales, and the Support block's settings. Amounts are integer cents decided on the server (saleAmounts).
 */

/** The limits of a tip, in cents, and of its message. */
export const TIP_LIMITS = { minCents: 100, maxCents: 100_000, messageMax: 500, nameMax: 100 } as const;
/** The most a pay-what-you-want buyer may choose to pay, in cents. */
export const ORDER_MAX_CENTS = 1_000_000;
/** Order and tip requests per client address and per buyer e-mail within the hour (as for bookings). */
export const ORDERS_PER_IP_PER_HOUR = 20;
export const ORDERS_PER_EMAIL_PER_HOUR = 10;
/** Order-link re-sends per client address and per e-mail within the hour; order page uses per address per 10 minutes. */
export const ORDER_RESENDS_PER_HOUR = 5;
export const ORDER_LINK_USES_PER_10_MINUTES = 60;
/** How many times an order link downloads the file. */
export const ORDER_DOWNLOAD_LIMIT = 10;

export const OrderMessages = {
  nameRequired: PaymentMessages.nameRequired,
  validEmailRequired: PaymentMessages.validEmailRequired,
  productUnavailable: 'This product is not for sale right now.',
  amountInvalid: 'Amount must be a whole number of cents.',
  belowMinimum: (minCents: number): string => `The least you can pay for this product is $${(minCents / 100).toFixed(2)}.`,
  aboveMaximum: `The most you can pay is $${(ORDER_MAX_CENTS / 100).toFixed(2)}.`,
  couponInvalid: 'This coupon code is not valid.',
  joinListBoolean: 'joinList must be true or false.',
  tipsOff: 'This creator is not taking tips right now.',
  tipAmount: `A tip must be from $${(TIP_LIMITS.minCents / 100).toFixed(2)} to $${(TIP_LIMITS.maxCents / 100).toFixed(2)}.`,
  tipNameTooLong: `Name must be at most ${TIP_LIMITS.nameMax} characters`,
  tipMessageTooLong: `Message must be at most ${TIP_LIMITS.messageMax} characters`,
  tooManyOrders: (minutes: number): string => `Too many payment requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  tooManyResends: (minutes: number): string => `Too many requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  paidNotice: 'Thank you! Your payment went through. Check your e-mail for your receipt.',
  resendAnswer: 'If there are paid orders for this address, we have sent their links to it.',
  saleNotFound: 'Sale not found',
  notRefundable: 'Only a paid or partly refunded sale can be refunded.',
  orderLinkInvalid: 'This order link is not valid.',
  orderLinkRefunded: 'This order was refunded, so its link no longer works.',
  fileUnavailable: 'The file cannot be downloaded right now. Please try again later.',
  downloadLimit: `This order has been downloaded ${ORDER_DOWNLOAD_LIMIT} times, the most it allows.`,
  tipsEnabledBoolean: 'enabled must be true or false.',
  tipPresets: `Presets must be three amounts from $${(TIP_LIMITS.minCents / 100).toFixed(2)} to $${(TIP_LIMITS.maxCents / 100).toFixed(2)}.`,
  tipsSettingsMessageTooLong: 'Message must be at most 200 characters',
} as const;

const present = (_: object, value: unknown): boolean => value !== null && value !== undefined && value !== '';

class BuyerFields {
  @IsEmailAddress({ message: OrderMessages.validEmailRequired })
  @MaxChars(EMAIL_MAX_LENGTH, { message: OrderMessages.validEmailRequired })
  @IsString({ message: OrderMessages.validEmailRequired })
  @Transform(trimString)
  customerEmail!: string;

  /** Ticked "join the list": asked to confirm after paying (double opt-in); never fails the sale. */
  @IsBoolean({ message: OrderMessages.joinListBoolean })
  @IsOptional()
  joinList?: boolean;

  /**
   * The visit the sale came from, as the product or tip page's address carried it (attribution.ts): read on
   * the server with attributionFromBody, so a value of another shape is no attribution, never an error.
   */
  @Allow()
  @IsOptional()
  attribution?: Partial<Attribution> | null;
}

/** POST /api/users/{username}/products/{productId}/order. */
export class OrderRequest extends BuyerFields {
  @MaxChars(100, { message: OrderMessages.nameRequired })
  @IsNotEmpty({ message: OrderMessages.nameRequired })
  @IsString({ message: OrderMessages.nameRequired })
  @Transform(trimString)
  customerName!: string;

  /** Pay-what-you-want only: what the buyer chooses to pay (before the fee), at least the minimum. Ignored for a fixed price. */
  @Max(ORDER_MAX_CENTS, { message: OrderMessages.aboveMaximum })
  @Min(0, { message: OrderMessages.amountInvalid })
  @IsInt({ message: OrderMessages.amountInvalid })
  @IsOptional()
  amountCents?: number;

  @Matches(/^[A-Za-z0-9_-]{1,40}$/, { message: OrderMessages.couponInvalid })
  @IsString({ message: OrderMessages.couponInvalid })
  @ValidateIf(present)
  @Transform(trimString)
  couponCode?: string | null;
}

/** POST /api/users/{username}/tip. */
export class TipRequest extends BuyerFields {
  @Max(TIP_LIMITS.maxCents, { message: OrderMessages.tipAmount })
  @Min(TIP_LIMITS.minCents, { message: OrderMessages.tipAmount })
  @IsInt({ message: OrderMessages.tipAmount })
  amountCents!: number;

  @MaxChars(TIP_LIMITS.nameMax, { message: OrderMessages.tipNameTooLong })
  @IsString({ message: OrderMessages.tipNameTooLong })
  @ValidateIf(present)
  @Transform(trimString)
  name?: string | null;

  @MaxChars(TIP_LIMITS.messageMax, { message: OrderMessages.tipMessageTooLong })
  @IsString({ message: OrderMessages.tipMessageTooLong })
  @ValidateIf(present)
  @Transform(trimString)
  message?: string | null;
}

/** Both endpoints' answer: confirm the card with clientSecret as for a booking. */
export interface OrderCreatedResponse extends SaleAmounts {
  clientSecret: string;
  /** What a coupon took off the price (0 without one); the fee is on the discounted price. */
  discountCents: number;
}

/**
 * POST /api/orders/confirm `{ clientSecret }` (the BookingConfirmRequest shape): after an in-page confirmation
 * (Stripe Elements), the page asks the server to check the payment with the provider, as for a booking. Once
 * paid, the buyer is told to check their e-mail (paidNotice).
 */
export interface OrderConfirmResponse {
  status: SaleStatus;
  message?: string;
}

/** POST /api/orders/resend: the order links of an address's paid orders, sent again. Always the same 202 answer. */
export class OrderResendRequest {
  @IsEmailAddress({ message: OrderMessages.validEmailRequired })
  @MaxChars(EMAIL_MAX_LENGTH, { message: OrderMessages.validEmailRequired })
  @IsString({ message: OrderMessages.validEmailRequired })
  @Transform(trimString)
  email!: string;
}

export type SaleKind = 'product' | 'tip';

/** As a booking: pending_payment → paid; failed/expired never paid; refunded in full, or partly at the provider. */
export type SaleStatus = 'pending_payment' | 'paid' | 'failed' | 'expired' | 'refund_due' | 'refunded' | 'partially_refunded' | 'refund_failed';

export const PAID_SALE_STATUSES: readonly SaleStatus[] = ['paid', 'refund_due', 'refunded', 'partially_refunded', 'refund_failed'];

/** GET /api/sales: one paid product order or tip. */
export interface SaleView {
  id: string;
  kind: SaleKind;
  customerName: string | null;
  customerEmail: string;
  /** The product's title at the time of the order, or 'Tip'. */
  title: string;
  /** A tip's message. */
  message: string | null;
  amount: number;
  userAmount: number;
  platformFee: number;
  discountCents: number;
  status: SaleStatus;
  createdAt: string;
  paidAt: string | null;
}

export interface SalesPage {
  sales: SaleView[];
  nextCursor: string | null;
}

export interface SaleRefundResponse {
  sale: SaleView;
}

/** GET/PUT /api/tips/settings: the Support block. */
export interface TipSettingsView {
  enabled: boolean;
  /** Three preset amounts in cents. */
  presets: [number, number, number];
  message: string | null;
}

export const DEFAULT_TIP_PRESETS: [number, number, number] = [300, 500, 1000];

export class TipSettingsRequest {
  @IsBoolean({ message: OrderMessages.tipsEnabledBoolean })
  enabled!: boolean;

  @Max(TIP_LIMITS.maxCents, { each: true, message: OrderMessages.tipPresets })
  @Min(TIP_LIMITS.minCents, { each: true, message: OrderMessages.tipPresets })
  @IsInt({ each: true, message: OrderMessages.tipPresets })
  @ArrayMaxSize(3, { message: OrderMessages.tipPresets })
  @ArrayMinSize(3, { message: OrderMessages.tipPresets })
  @IsArray({ message: OrderMessages.tipPresets })
  presets!: number[];

  @MaxChars(200, { message: OrderMessages.tipsSettingsMessageTooLong })
  @IsString({ message: OrderMessages.tipsSettingsMessageTooLong })
  @ValidateIf(present)
  @Transform(trimString)
  message?: string | null;
}

/** GET /order/{token}: the page's path; the token is a secret (never logged). */
export const orderLinkPath = (token: string): string => `/order/${encodeURIComponent(token)}`;
