/**
 * The creator's share reversed for refunds of a booking. After refunds adding up to `refunded` of a payment of
 * `amount`, the total reversed is round_half_up(refunded × earning / amount); each refund's reversal is that
 * total less what was reversed before. Refunds adding up to the amount reverse exactly the earning, never a
 * cent more, whatever their number and order. All in integer cents.
 */
export function reversalFor(input: { amount: number; earning: number; countedBefore: number; reversedBefore: number; refund: number }): number {
  const refunded = Math.min(input.amount, input.countedBefore + input.refund);
  if (input.amount <= 0 || input.earning <= 0 || refunded <= 0) return 0;
  // round_half_up(refunded * earning / amount) in integers: floor((2·r·e + a) / 2a).
  const total = Math.floor((2 * refunded * input.earning + input.amount) / (2 * input.amount));
  return Math.max(0, Math.min(input.earning, total) - input.reversedBefore);
}
