import type { CouponCheckResponse, CouponView } from '@linkbio/shared-contracts';
import { arrayOf, component, dateTime, integer, nullable, objectOf, string, uuid } from '../../../shared/http/openapi/schema.js';

const cents = { ...integer, description: 'Integer cents.' };

/** A creator's coupon as the coupons calls answer it (toCouponView). */
export const CouponViewSchema = component(
  'CouponView',
  objectOf<CouponView>()({
    id: uuid,
    code: string,
    percentOff: nullable(integer),
    amountOffCents: nullable(cents),
    appliesTo: { ...string, description: "'all', 'sessions', or the id of one of the creator's products." },
    expiresAt: nullable(dateTime),
    maxRedemptions: nullable(integer),
    uses: { ...integer, description: 'Uses so far: held by purchases waiting for payment, and paid.' },
    createdAt: dateTime,
  }),
);

export const CouponList = arrayOf(CouponViewSchema);

export const CouponChecked = component(
  'CouponCheckResponse',
  objectOf<CouponCheckResponse>()({
    code: string,
    priceBeforeCents: cents,
    priceAfterCents: cents,
    discountCents: cents,
    amount: cents,
    userAmount: cents,
    platformFee: cents,
  }),
);
