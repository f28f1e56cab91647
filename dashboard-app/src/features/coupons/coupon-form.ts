import { COUPON_CODE_PATTERN, COUPON_LIMITS, CouponMessages, parseDollarsToCents, type CreateCouponRequest } from '@linkbio/shared-contracts';

/** What the create form holds, as typed. */
export interface CouponFormValues {
  code: string;
  kind: 'percent' | 'amount';
  /** A whole percentage, or dollars ("5" or "5.50"). */
  value: string;
  /** 'all', 'sessions' or a product's id. */
  appliesTo: string;
  /** A datetime-local value (the creator's own clock), or ''. */
  expiresAt: string;
  maxRedemptions: string;
}

export const EMPTY_COUPON_FORM: CouponFormValues = { code: '', kind: 'percent', value: '', appliesTo: 'all', expiresAt: '', maxRedemptions: '' };

export type CouponFormErrors = Partial<Record<'code' | 'value' | 'expiresAt' | 'maxRedemptions', string>>;

const WHOLE = /^\d{1,7}$/;

/** The form's rules, the server's messages: the request to send, or what is wrong with each field. */
export function couponRequest(values: CouponFormValues, now: Date): { request: CreateCouponRequest } | { errors: CouponFormErrors } {
  const errors: CouponFormErrors = {};
  const code = values.code.trim();
  if (!COUPON_CODE_PATTERN.test(code)) errors.code = CouponMessages.code;
  const value = values.value.trim();
  let discount: Pick<CreateCouponRequest, 'percentOff' | 'amountOffCents'> = {};
  if (values.kind === 'percent') {
    const percent = WHOLE.test(value) ? Number(value) : NaN;
    if (!(percent >= 1 && percent <= 100)) errors.value = CouponMessages.percentOff;
    else discount = { percentOff: percent };
  } else {
    const cents = parseDollarsToCents(value);
    if (cents === null || cents < 1 || cents > COUPON_LIMITS.amountOffCents) errors.value = 'Amount off must be between $0.01 and $10000.00';
    else discount = { amountOffCents: cents };
  }
  let expiresAt: string | undefined;
  if (values.expiresAt) {
    const when = new Date(values.expiresAt);
    if (Number.isNaN(when.getTime())) errors.expiresAt = CouponMessages.expiresAt;
    else if (when.getTime() <= now.getTime()) errors.expiresAt = CouponMessages.expiresInPast;
    else expiresAt = when.toISOString();
  }
  let maxRedemptions: number | undefined;
  if (values.maxRedemptions.trim()) {
    const max = WHOLE.test(values.maxRedemptions.trim()) ? Number(values.maxRedemptions.trim()) : NaN;
    if (!(max >= 1 && max <= COUPON_LIMITS.maxRedemptions)) errors.maxRedemptions = CouponMessages.maxRedemptions;
    else maxRedemptions = max;
  }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    request: {
      code,
      ...discount,
      appliesTo: values.appliesTo,
      ...(expiresAt ? { expiresAt } : {}),
      ...(maxRedemptions ? { maxRedemptions } : {}),
    } as CreateCouponRequest,
  };
}
