import { bookingAmounts } from './payments.js';

/** A small deterministic generator, so a failing case can be replayed. */
function* prices(count: number, seed = 20261201): Generator<number> {
  let state = seed;
  for (let i = 0; i < count; i += 1) {
    state = (state * 1103515245 + 12345) % 2147483648;
    yield state % 1_000_001; // 0 … $10,000.00
  }
}

describe('bookingAmounts', () => {
  it.each([
    [2500, { userAmount: 2500, platformFee: 500, amount: 3000 }],
    [2550, { userAmount: 2550, platformFee: 510, amount: 3060 }],
    [1, { userAmount: 1, platformFee: 0, amount: 1 }],
    [3, { userAmount: 3, platformFee: 1, amount: 4 }], // 0.6 rounds up
    [1234, { userAmount: 1234, platformFee: 247, amount: 1481 }], // 246.8
    [1001, { userAmount: 1001, platformFee: 200, amount: 1201 }], // 200.2
    [1234567, { userAmount: 1234567, platformFee: 246913, amount: 1481480 }], // 246913.4
    [0, { userAmount: 0, platformFee: 0, amount: 0 }],
  ])('%i cents', (price, expected) => {
    expect(bookingAmounts(price)).toEqual(expected);
  });

  it('rounds exact halves up (20% of n cents is a half only at odd multiples of 2.5)', () => {
    // 20% × 2.5 = 0.5 is impossible in whole cents; 20% × 1 = 0.2, × 3 = 0.6, × 12 = 2.4, × 13 = 2.6 …
    expect(bookingAmounts(12).platformFee).toBe(2);
    expect(bookingAmounts(13).platformFee).toBe(3);
  });

  it('always adds up and rounds 20% half-up, for 20,000 prices with odd cents', () => {
    for (const price of prices(20_000)) {
      const { userAmount, platformFee, amount } = bookingAmounts(price);
      expect(Number.isSafeInteger(platformFee)).toBe(true);
      expect(userAmount).toBe(price);
      expect(amount).toBe(userAmount + platformFee);
      // Exact: platformFee is the integer nearest to price/5, halves up: |5·fee − price| ≤ 2.5 and never below −2.5.
      const twice = 10 * platformFee - 2 * price; // 10 × (fee − price/5)
      expect(twice).toBeGreaterThan(-5);
      expect(twice).toBeLessThanOrEqual(5);
      expect(platformFee).toBe(Math.round((price * 20) / 100));
    }
  });

  it('refuses amounts that are not whole cents', () => {
    expect(() => bookingAmounts(12.5)).toThrow(RangeError);
    expect(() => bookingAmounts(-1)).toThrow(RangeError);
    expect(() => bookingAmounts(Number.NaN)).toThrow(RangeError);
  });
});
