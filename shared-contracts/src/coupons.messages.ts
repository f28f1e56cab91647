import type { CouponView } from './coupons.dto.js';

/**
 * Coupons (issue 27): a creator's codes taking a percentage or an amount off a session or a product. Checked on
 * the server at payment; a discount never takes a price below COUPON_PRICE_FLOOR_CENTS ($1.00) — a 100% coupon
 * makes the price $1.00 — and the platform fee is computed on the discounted price (saleAmounts).
 */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;
/** The least a discounted price can be, in cents: a coupon never makes a sale free (or cheaper than this). */
export const COUPON_PRICE_FLOOR_CENTS = 100;
export const COUPON_LIMITS = { amountOffCents: 1_000_000, maxRedemptions: 1_000_000, checkAmountCents: 1_000_000 } as const;
/** Coupon checks a client address may make in 10 minutes (a code cannot be guessed by trying many). */
export const COUPON_CHECKS_PER_IP_PER_10_MINUTES = 30;
export const COUPON_UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const CouponMessages = {
  code: 'Code must be 3 to 32 letters, digits, - or _',
  codeTaken: 'You already have a coupon with this code',
  percentOff: 'Percent off must be a whole number from 1 to 100',
  amountOffCents: 'Amount off must be a whole number of cents, at least 1 and at most 1000000',
  oneDiscount: 'Give either a percent off or an amount off',
  appliesTo: "Applies to must be 'all', 'sessions' or the id of one of your products",
  productNotYours: 'Applies to must name one of your products',
  expiresAt: 'Expiry must be a date and time',
  expiresInPast: 'Expiry must be in the future',
  maxRedemptions: 'Maximum uses must be a whole number, at least 1',
  notFound: 'Coupon not found',
  deleted: 'Coupon deleted',
  checkCode: 'Enter a coupon code',
  target: "Target must be 'session' or the id of a product",
  amountCents: 'Amount must be a whole number of cents',
  // Said to the buyer at checkout (400).
  invalidCode: 'This coupon code is not valid.',
  expired: 'This coupon has expired.',
  usedUp: 'This coupon has been used up.',
  wrongTarget: 'This coupon does not apply to this purchase.',
  atFloor: 'This price cannot go any lower: the coupon gives no discount.',
  productUnavailable: 'This product is not for sale right now.',
  amountRequired: 'Enter the amount you want to pay',
  amountBelowMinimum: (minCents: number) => `The amount must be at least $${(minCents / 100).toFixed(2)}`,
  tooManyChecks: (minutes: number) => `Too many coupon checks. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

/** How the dashboard writes a coupon's discount: "20% off" or "$5.00 off". */
export const couponDiscountLabel = (coupon: Pick<CouponView, 'percentOff' | 'amountOffCents'>): string =>
  coupon.percentOff !== null ? `${coupon.percentOff}% off` : `$${((coupon.amountOffCents ?? 0) / 100).toFixed(2)} off`;
