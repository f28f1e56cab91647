import { CouponMessages, Messages, PaymentMessages, SessionBookingMessages, type CouponCheckRequest } from '@linkbio/shared-contracts';
import type { Clock } from '../../../shared/clock.js';
import { DomainError } from '../../../shared/domain-error.js';
import type { ProductCatalog, ProductForSale } from '../../products/application/ports/product-catalog.js';
import type { Coupon } from '../domain/coupon.js';
import { InMemoryCouponRepository } from '../testing/in-memory-coupon.repository.js';
import { CheckCouponUseCase } from './check-coupon.use-case.js';
import { CouponRedemptionsService } from './coupon-redemptions.service.js';
import type { CouponCheckRateLimit } from './ports/coupon-check-rate-limit.js';
import type { CouponCreators } from './ports/coupon-creators.js';
import { InMemorySessionTypeCatalog } from '../../session-types/testing/in-memory-session-type-catalog.js';
import type { BookableSessionType } from '../../session-types/application/ports/session-type-catalog.js';

const NOW = new Date('2027-02-01T12:00:00Z');
const PRODUCT = '11111111-2222-4333-8444-555555555555';
const PWYW = '22222222-2222-4333-8444-555555555555';
const clock: Clock = { now: () => NOW };
const TALK = 'aaaaaaaa-2222-4333-8444-555555555555';
const REVIEW = 'bbbbbbbb-2222-4333-8444-555555555555';
const sessionType = (id: string | null, priceCents: number): BookableSessionType => ({
  id,
  name: id === null ? 'Session' : `Type ${priceCents}`,
  minutes: id === null ? null : 45,
  priceCents,
  description: '',
  location: null,
  questions: [],
});

function setup(options: { sessionPriceCents?: number | null; waits?: Array<number | null>; types?: BookableSessionType[] } = {}) {
  const coupons = new InMemoryCouponRepository();
  const sessionTypes = new InMemorySessionTypeCatalog();
  sessionTypes.set('u1', options.types ?? [sessionType(null, 4000)]);
  const creators: CouponCreators = {
    byUsername: async (username) => (username === 'ada' ? { id: 'u1', sessionPriceCents: options.sessionPriceCents === undefined ? 4000 : options.sessionPriceCents } : null),
  };
  const products: Record<string, ProductForSale> = {
    [PRODUCT]: { id: PRODUCT, creatorId: 'u1', title: 'Guide', priceCents: 2000, minPriceCents: null },
    [PWYW]: { id: PWYW, creatorId: 'u1', title: 'Presets', priceCents: null, minPriceCents: 500 },
  };
  const catalog = { forSale: async (creatorId: string, id: string) => (creatorId === 'u1' ? (products[id] ?? null) : null) } as unknown as ProductCatalog;
  const waits = [...(options.waits ?? [])];
  const limit = { consume: async () => waits.shift() ?? null } as unknown as CouponCheckRateLimit;
  const redemptions = new CouponRedemptionsService(coupons, clock);
  const check = new CheckCouponUseCase(creators, catalog, sessionTypes, redemptions, limit, clock);
  const add = async (over: Partial<Coupon>) => {
    const coupon: Coupon = { id: `c${coupons.coupons.size + 1}`, creatorId: 'u1', code: 'SPRING', discount: { kind: 'percent', percentOff: 25 }, appliesTo: { kind: 'all' }, expiresAt: null, maxRedemptions: null, uses: 0, createdAt: NOW, ...over };
    await coupons.add(coupon);
    return coupon;
  };
  const run = (request: Partial<CouponCheckRequest>, username = 'ada') =>
    check.execute(username, { code: 'SPRING', target: 'session', ...request } as CouponCheckRequest, { ip: '203.0.113.9' });
  return { coupons, redemptions, add, run };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof DomainError ? [error.kind, error.message] : error),
  );

describe('checking a coupon before paying', () => {
  it('prices a session, a product and pay-what-you-want with the code, the fee on the discounted price', async () => {
    const { add, run } = setup();
    await add({});
    expect(await run({ code: 'spring' })).toEqual({ code: 'SPRING', priceBeforeCents: 4000, priceAfterCents: 3000, discountCents: 1000, userAmount: 3000, platformFee: 600, amount: 3600 });
    expect(await run({ target: PRODUCT.toUpperCase() })).toMatchObject({ priceBeforeCents: 2000, priceAfterCents: 1500, platformFee: 300, amount: 1800 });
    expect(await run({ target: PWYW, amountCents: 999 })).toMatchObject({ priceBeforeCents: 999, priceAfterCents: 749, discountCents: 250, platformFee: 150, amount: 899 });
  });

  it('prices a session at the price of the type booked; with several types, one must be named', async () => {
    const { add, run } = setup({ types: [sessionType(TALK, 4000), sessionType(REVIEW, 9000)] });
    await add({});
    expect(await run({ sessionTypeId: REVIEW })).toMatchObject({ priceBeforeCents: 9000, priceAfterCents: 6750, discountCents: 2250 });
    expect(await run({ sessionTypeId: TALK })).toMatchObject({ priceBeforeCents: 4000, priceAfterCents: 3000 });
    expect(await refusal(run({}))).toEqual(['invalid', SessionBookingMessages.chooseSessionType]);
    expect(await refusal(run({ sessionTypeId: PRODUCT }))).toEqual(['not_found', SessionBookingMessages.sessionTypeNotFound]);
  });

  it('refuses with the reason', async () => {
    const { add, run } = setup();
    await add({ code: 'TALKS', appliesTo: { kind: 'sessions' } });
    expect(await refusal(run({ code: 'NONE' }))).toEqual(['invalid', CouponMessages.invalidCode]);
    expect(await refusal(run({ code: 'TALKS', target: PRODUCT }))).toEqual(['invalid', CouponMessages.wrongTarget]);
    expect(await refusal(run({ code: 'TALKS', target: PWYW }))).toEqual(['invalid', CouponMessages.amountRequired]);
    expect(await refusal(run({ code: 'TALKS', target: PWYW, amountCents: 499 }))).toEqual(['invalid', CouponMessages.amountBelowMinimum(500)]);
    expect(await refusal(run({ target: '33333333-2222-4333-8444-555555555555' }))).toEqual(['invalid', CouponMessages.productUnavailable]);
    expect(await refusal(run({}, 'nobody'))).toEqual(['not_found', Messages.userNotFound]);
  });

  it('refuses a session when the creator takes no bookings', async () => {
    const { add, run } = setup({ sessionPriceCents: null });
    await add({});
    expect(await refusal(run({}))).toEqual(['invalid', PaymentMessages.bookingUnavailable]);
  });

  it('answers 429 with the wait once the address has checked too often', async () => {
    const { add, run } = setup({ waits: [null, 125] });
    await add({});
    await run({});
    const error = await run({}).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: 'too_many', message: CouponMessages.tooManyChecks(3), details: { retryAfterSeconds: 125 } });
  });
});

describe('redeeming a coupon', () => {
  it('takes the last use once, gives it back on release, and takes it back when paid after all', async () => {
    const { add, redemptions, coupons } = setup();
    const coupon = await add({ maxRedemptions: 1 });
    const quote = await redemptions.quote('u1', 'spring', { kind: 'session' }, 4000, NOW);
    if ('refused' in quote) throw new Error(quote.refused);
    expect(await redemptions.redeem(quote, 'b1', NOW)).toEqual(quote);
    expect(await redemptions.redeem(quote, 'b2', NOW)).toEqual({ refused: CouponMessages.usedUp });
    await redemptions.release('b1');
    await redemptions.release('b1');
    expect(coupons.coupons.get(coupon.id)!.uses).toBe(0);
    expect(await redemptions.redeem(quote, 'b2', NOW)).toEqual(quote);
    await redemptions.reinstate('b1');
    await redemptions.reinstate('b1');
    expect(coupons.coupons.get(coupon.id)!.uses).toBe(2);
  });

  it('refuses a coupon deleted or expired since the quote', async () => {
    const { add, redemptions, coupons } = setup();
    const coupon = await add({ expiresAt: new Date(NOW.getTime() + 1000) });
    const quote = await redemptions.quote('u1', 'SPRING', { kind: 'session' }, 4000, NOW);
    if ('refused' in quote) throw new Error(quote.refused);
    expect(await redemptions.redeem(quote, 'b1', new Date(NOW.getTime() + 1000))).toEqual({ refused: CouponMessages.expired });
    await coupons.remove('u1', coupon.id, NOW);
    expect(await redemptions.redeem(quote, 'b1', NOW)).toEqual({ refused: CouponMessages.invalidCode });
  });
});
