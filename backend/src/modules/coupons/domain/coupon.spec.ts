import { CouponMessages, saleAmounts, type CreateCouponRequest } from '@linkbio/shared-contracts';
import { DomainError } from '../../../shared/domain-error.js';
import { discounted, newCoupon, quoteCoupon, toCouponView, type Coupon, type CouponDiscount } from './coupon.js';

const NOW = new Date('2027-02-01T12:00:00Z');
const PRODUCT = '11111111-2222-4333-8444-555555555555';
const percent = (percentOff: number): CouponDiscount => ({ kind: 'percent', percentOff });
const amount = (amountOffCents: number): CouponDiscount => ({ kind: 'amount', amountOffCents });

const coupon = (over: Partial<Coupon> = {}): Coupon => ({
  id: 'c1',
  creatorId: 'u1',
  code: 'SPRING',
  discount: percent(20),
  appliesTo: { kind: 'all' },
  expiresAt: null,
  maxRedemptions: null,
  uses: 0,
  createdAt: NOW,
  ...over,
});

describe('a coupon’s discount', () => {
  // [discount, price, price after, discount taken]
  const table: Array<[CouponDiscount, number, number, number]> = [
    [percent(20), 4000, 3200, 800],
    [percent(10), 999, 899, 100], // 99.9 → 100 (halves and above round up)
    [percent(10), 994, 895, 99], // 99.4 → 99
    [percent(15), 1010, 858, 152], // 151.5 → 152 (a half rounds up, as the fee does)
    [percent(33), 1000, 670, 330],
    [percent(1), 149, 148, 1], // 1.49 → 1
    [percent(1), 150, 148, 2], // 1.5 → 2
    [percent(100), 4000, 100, 3900], // the floor: a free coupon makes the price $1.00
    [percent(99), 4000, 100, 3900], // 3960 off would leave 40: held at $1.00
    [percent(50), 150, 100, 50], // 75 off would leave 75: held at $1.00
    [amount(500), 4000, 3500, 500],
    [amount(3900), 4000, 100, 3900],
    [amount(10_000), 4000, 100, 3900], // more off than the price: held at $1.00
    [amount(1), 101, 100, 1],
    [amount(1), 100, 100, 0], // already at the floor: nothing off
    [percent(50), 60, 60, 0], // a price under the floor is never raised
  ];
  it.each(table)('%o on %i cents → %i cents (%i off)', (discount, price, after, off) => {
    expect(discounted(discount, price)).toEqual({ priceAfterCents: after, discountCents: off });
  });

  it('leaves the fee to be computed on the discounted price, by the one fee rule', () => {
    const quote = quoteCoupon(coupon({ discount: percent(25) }), { kind: 'session' }, 4000, NOW);
    expect(quote).toMatchObject({ priceBeforeCents: 4000, priceAfterCents: 3000, discountCents: 1000 });
    expect(saleAmounts(3000)).toEqual({ userAmount: 3000, platformFee: 600, amount: 3600 });
  });
});

describe('whether a coupon can be used', () => {
  const session = { kind: 'session' } as const;
  const product = { kind: 'product', productId: PRODUCT } as const;
  const other = { kind: 'product', productId: '99999999-2222-4333-8444-555555555555' } as const;

  it.each([
    ['expired a moment ago', coupon({ expiresAt: new Date(NOW.getTime() - 1) }), session, CouponMessages.expired],
    ['expiring right now', coupon({ expiresAt: NOW }), session, CouponMessages.expired],
    ['used up', coupon({ maxRedemptions: 3, uses: 3 }), session, CouponMessages.usedUp],
    ['over its limit (a late payment reinstated)', coupon({ maxRedemptions: 1, uses: 2 }), session, CouponMessages.usedUp],
    ['for sessions, on a product', coupon({ appliesTo: { kind: 'sessions' } }), product, CouponMessages.wrongTarget],
    ['for a product, on a session', coupon({ appliesTo: { kind: 'product', productId: PRODUCT } }), session, CouponMessages.wrongTarget],
    ['for a product, on another', coupon({ appliesTo: { kind: 'product', productId: PRODUCT } }), other, CouponMessages.wrongTarget],
  ] as const)('is refused when %s', (_, subject, target, message) => {
    expect(quoteCoupon(subject, target, 4000, NOW)).toEqual({ refused: message });
  });

  it('is refused when it could take nothing off (the price is at the floor)', () => {
    expect(quoteCoupon(coupon(), session, 100, NOW)).toEqual({ refused: CouponMessages.atFloor });
  });

  it.each([
    ['for every sale, on a session', coupon(), session],
    ['for every sale, on a product', coupon(), product],
    ['for sessions, on a session', coupon({ appliesTo: { kind: 'sessions' } }), session],
    ['for its product', coupon({ appliesTo: { kind: 'product', productId: PRODUCT } }), product],
    ['with a use left', coupon({ maxRedemptions: 3, uses: 2 }), session],
    ['before its expiry', coupon({ expiresAt: new Date(NOW.getTime() + 1) }), session],
  ] as const)('is taken %s', (_, subject, target) => {
    expect(quoteCoupon(subject, target, 4000, NOW)).toEqual({ couponId: 'c1', code: 'SPRING', priceBeforeCents: 4000, priceAfterCents: 3200, discountCents: 800 });
  });
});

describe('a new coupon', () => {
  const request = (over: Partial<CreateCouponRequest>): CreateCouponRequest => ({ code: 'Spring-25', appliesTo: 'all', ...over }) as CreateCouponRequest;
  const refusal = (over: Partial<CreateCouponRequest>) => {
    try {
      newCoupon('u1', request(over), NOW);
    } catch (error) {
      return error instanceof DomainError ? [error.kind, error.message] : error;
    }
    return null;
  };

  it('takes exactly one discount', () => {
    expect(refusal({})).toEqual(['invalid', CouponMessages.oneDiscount]);
    expect(refusal({ percentOff: 10, amountOffCents: 100 })).toEqual(['invalid', CouponMessages.oneDiscount]);
    expect(refusal({ percentOff: null, amountOffCents: null })).toEqual(['invalid', CouponMessages.oneDiscount]);
  });

  it('expires in the future only', () => {
    expect(refusal({ percentOff: 10, expiresAt: NOW.toISOString() })).toEqual(['invalid', CouponMessages.expiresInPast]);
    expect(refusal({ percentOff: 10, expiresAt: '2027-01-01T00:00:00Z' })).toEqual(['invalid', CouponMessages.expiresInPast]);
  });

  it('keeps the code as written, and a product named in lower case', () => {
    const made = newCoupon('u1', request({ amountOffCents: 500, appliesTo: PRODUCT.toUpperCase(), maxRedemptions: 5, expiresAt: '2027-03-01T00:00:00Z' }), NOW);
    expect(toCouponView(made)).toEqual({
      id: made.id,
      code: 'Spring-25',
      percentOff: null,
      amountOffCents: 500,
      appliesTo: PRODUCT,
      expiresAt: '2027-03-01T00:00:00.000Z',
      maxRedemptions: 5,
      uses: 0,
      createdAt: NOW.toISOString(),
    });
  });
});
