import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, IsUUID, Matches, Max, Min, registerDecorator } from 'class-validator';
import { parseIsoInstant } from './links.dto.js';
import { trimString } from './validators.js';
import type { SaleAmounts } from './payments.js';
import { SessionBookingMessages } from './session-booking.js';
import { COUPON_CODE_PATTERN, COUPON_LIMITS, COUPON_UUID_PATTERN, CouponMessages } from './coupons.messages.js';

function Validates(name: string, validate: (value: unknown) => boolean, message: string): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({ name, target: target.constructor, propertyName: propertyName as string, options: { message }, validator: { validate } });
}

/** 'all', 'sessions', or a product's id. */
export const isCouponAppliesTo = (value: unknown): value is string =>
  typeof value === 'string' && (value === 'all' || value === 'sessions' || COUPON_UUID_PATTERN.test(value));

/** POST /api/coupons. Exactly one of percentOff and amountOffCents. The code is unique per creator, whatever its case. */
export class CreateCouponRequest {
  @Matches(COUPON_CODE_PATTERN, { message: CouponMessages.code })
  @IsString({ message: CouponMessages.code })
  @Transform(trimString)
  code!: string;

  @Max(100, { message: CouponMessages.percentOff })
  @Min(1, { message: CouponMessages.percentOff })
  @IsInt({ message: CouponMessages.percentOff })
  @IsOptional()
  percentOff?: number | null;

  @Max(COUPON_LIMITS.amountOffCents, { message: CouponMessages.amountOffCents })
  @Min(1, { message: CouponMessages.amountOffCents })
  @IsInt({ message: CouponMessages.amountOffCents })
  @IsOptional()
  amountOffCents?: number | null;

  @Validates('isCouponAppliesTo', isCouponAppliesTo, CouponMessages.appliesTo)
  appliesTo!: string;

  @Validates('isIsoInstant', (value) => typeof value === 'string' && parseIsoInstant(value) !== null, CouponMessages.expiresAt)
  @IsOptional()
  expiresAt?: string | null;

  @Max(COUPON_LIMITS.maxRedemptions, { message: CouponMessages.maxRedemptions })
  @Min(1, { message: CouponMessages.maxRedemptions })
  @IsInt({ message: CouponMessages.maxRedemptions })
  @IsOptional()
  maxRedemptions?: number | null;
}

/** GET /api/coupons: one of the creator's coupons, with its uses so far (held by purchases waiting for payment, and paid). */
export interface CouponView {
  id: string;
  code: string;
  percentOff: number | null;
  amountOffCents: number | null;
  /** 'all', 'sessions', or the id of the product. */
  appliesTo: string;
  expiresAt: string | null;
  maxRedemptions: number | null;
  uses: number;
  createdAt: string;
}

/** POST /api/users/{username}/coupons/check: the price with the code, before paying. */
export class CouponCheckRequest {
  @Matches(/^\S{1,64}$/, { message: CouponMessages.checkCode })
  @IsString({ message: CouponMessages.checkCode })
  @Transform(trimString)
  code!: string;

  @Validates('isCouponTarget', (value) => typeof value === 'string' && (value === 'session' || COUPON_UUID_PATTERN.test(value)), CouponMessages.target)
  target!: string;

  /** For a session (`target: 'session'`): the session type booked; absent, the creator's only one. */
  @IsUUID('all', { message: SessionBookingMessages.sessionTypeId })
  @IsOptional()
  sessionTypeId?: string;

  /** Pay-what-you-want: what the buyer means to pay, in cents. */
  @Max(COUPON_LIMITS.checkAmountCents, { message: CouponMessages.amountCents })
  @Min(1, { message: CouponMessages.amountCents })
  @IsInt({ message: CouponMessages.amountCents })
  @IsOptional()
  amountCents?: number | null;
}

/** The price before and after the code, and the fee lines of the discounted price (saleAmounts). */
export interface CouponCheckResponse extends SaleAmounts {
  code: string;
  priceBeforeCents: number;
  priceAfterCents: number;
  discountCents: number;
}
