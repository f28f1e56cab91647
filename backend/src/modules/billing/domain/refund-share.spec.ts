import { reversalFor } from './refund-share.js';

describe('reversalFor (the creator share of a refund)', () => {
  it('reverses the whole earning for a full refund', () => {
    expect(reversalFor({ amount: 4800, earning: 4000, countedBefore: 0, reversedBefore: 0, refund: 4800 })).toBe(4000);
  });

  it('reverses in proportion for a partial refund, rounding half up', () => {
    // $45.00 of $90.00: half the $75.00 earning.
    expect(reversalFor({ amount: 9000, earning: 7500, countedBefore: 0, reversedBefore: 0, refund: 4500 })).toBe(3750);
    // 1 cent of 3 with an earning of 2: 0.666… → 1.
    expect(reversalFor({ amount: 3, earning: 2, countedBefore: 0, reversedBefore: 0, refund: 1 })).toBe(1);
    // 1 of 4 with an earning of 2: exactly 0.5 → 1 (half up).
    expect(reversalFor({ amount: 4, earning: 2, countedBefore: 0, reversedBefore: 0, refund: 1 })).toBe(1);
  });

  it('refunds adding up to the amount reverse exactly the earning, in any split', () => {
    for (const parts of [
      [1, 1, 1],
      [1, 2],
      [2, 1],
      [333, 333, 334],
      [4799, 1],
      [1, 4799],
    ]) {
      const amount = parts.reduce((a, b) => a + b, 0);
      for (const earning of [0, 1, 2, 7, 4000, amount]) {
        let counted = 0;
        let reversed = 0;
        for (const refund of parts) {
          const reversal = reversalFor({ amount, earning, countedBefore: counted, reversedBefore: reversed, refund });
          expect(reversal).toBeGreaterThanOrEqual(0);
          counted += refund;
          reversed += reversal;
        }
        expect(reversed).toBe(earning);
      }
    }
  });

  it('never reverses more than the earning, even for refunds beyond the amount', () => {
    expect(reversalFor({ amount: 4800, earning: 4000, countedBefore: 4800, reversedBefore: 4000, refund: 100 })).toBe(0);
  });
});
