import { formatCents, parseDollarsToCents } from '@linkbio/shared-contracts';
import { SaleTexts } from './sale-texts';

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An amount typed in dollars: its message when it is no amount or below the minimum (cents), else null. */
export function amountError(typed: string, minimumCents: number): string | null {
  const cents = parseDollarsToCents(typed.trim());
  if (cents === null) return SaleTexts.amountInvalid;
  return cents < minimumCents ? SaleTexts.amountTooLow(formatCents(minimumCents)) : null;
}
