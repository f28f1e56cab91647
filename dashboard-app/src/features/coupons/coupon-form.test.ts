import { describe, expect, it } from 'vitest';
import { CouponMessages } from '@linkbio/shared-contracts';
import { couponRequest, EMPTY_COUPON_FORM, type CouponFormValues } from './coupon-form';

const NOW = new Date('2027-02-01T12:00:00Z');
const form = (over: Partial<CouponFormValues>): CouponFormValues => ({ ...EMPTY_COUPON_FORM, code: 'SPRING', value: '20', ...over });

describe('the new coupon form', () => {
  it('sends a percentage, or dollars as cents, with the optional fields only when given', () => {
    expect(couponRequest(form({ code: '  spring-25 ' }), NOW)).toEqual({ request: { code: 'spring-25', percentOff: 20, appliesTo: 'all' } });
    expect(couponRequest(form({ kind: 'amount', value: '5.5', appliesTo: 'sessions', maxRedemptions: '10', expiresAt: '2027-03-01T10:00' }), NOW)).toEqual({
      request: { code: 'SPRING', amountOffCents: 550, appliesTo: 'sessions', maxRedemptions: 10, expiresAt: new Date('2027-03-01T10:00').toISOString() },
    });
  });

  it.each([
    [{ code: 'ab' }, 'code', CouponMessages.code],
    [{ code: 'two words' }, 'code', CouponMessages.code],
    [{ code: 'x'.repeat(33) }, 'code', CouponMessages.code],
    [{ value: '0' }, 'value', CouponMessages.percentOff],
    [{ value: '101' }, 'value', CouponMessages.percentOff],
    [{ value: '12.5' }, 'value', CouponMessages.percentOff],
    [{ value: '' }, 'value', CouponMessages.percentOff],
    [{ kind: 'amount', value: '0' }, 'value', 'Amount off must be between $0.01 and $10000.00'],
    [{ kind: 'amount', value: '5.555' }, 'value', 'Amount off must be between $0.01 and $10000.00'],
    [{ expiresAt: '2027-01-01T00:00' }, 'expiresAt', CouponMessages.expiresInPast],
    [{ maxRedemptions: '0' }, 'maxRedemptions', CouponMessages.maxRedemptions],
    [{ maxRedemptions: '1.5' }, 'maxRedemptions', CouponMessages.maxRedemptions],
  ] as const)('refuses %o', (over, field, message) => {
    expect(couponRequest(form(over as Partial<CouponFormValues>), NOW)).toEqual({ errors: { [field]: message } });
  });
});
