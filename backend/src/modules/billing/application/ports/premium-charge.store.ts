import type { Id } from '../../../../shared/ids.js';
import type { PremiumCharge } from '../../domain/premium-charge.js';

/** What a provider invoice says about a Premium charge. */
export interface ChargeFacts {
  userId: Id;
  subscriptionId: string;
  providerInvoiceId: string;
  amountCents: number;
  currency: string;
  periodStart: Date | null;
  periodEnd: Date | null;
  cardLast4: string | null;
}

/** premium_charges. Calls join the current transaction. */
export abstract class PremiumChargeStore {
  /**
   * The invoice paid: a new row with the next receipt number, or a declined one (a retried renewal) turned paid.
   * Answers the charge only to the caller that made it paid, null when it was paid already.
   */
  abstract recordPaid(facts: ChargeFacts, now: Date): Promise<PremiumCharge | null>;
  /** The invoice's payment declined: a new declined row; null when the invoice is known already. */
  abstract recordDeclined(facts: ChargeFacts, now: Date): Promise<PremiumCharge | null>;
  /** The creator's charges, newest first, at most `limit`. */
  abstract chargesOf(userId: Id, limit: number): Promise<PremiumCharge[]>;
}
