/**
 * A Premium charge as the provider reported it: the first payment or a renewal, one per provider invoice.
 * Paid, it has a receipt number (LB-YYYY-NNNNNN); a declined renewal has none.
 */
export interface PremiumCharge {
  id: string;
  userId: string;
  subscriptionId: string;
  providerInvoiceId: string;
  amountCents: number;
  currency: string;
  periodStart: Date | null;
  periodEnd: Date | null;
  cardLast4: string | null;
  receiptNumber: string | null;
  status: 'paid' | 'declined';
  createdAt: Date;
}

/** "LB-2027-000123": the year the charge was paid and a number from a sequence (at least six digits). */
export const receiptNumber = (paidAt: Date, sequence: number): string =>
  `LB-${paidAt.getUTCFullYear()}-${String(sequence).padStart(6, '0')}`;
