import { IsNotEmpty, IsString, Matches } from 'class-validator';
import { LocalCardFields } from './payments.js';

/** Premium billing (issue 24): the creator's charges, the card that renews Premium and changing it. */

export const PremiumMessages = {
  noSubscriptionForCard: 'You have no Premium subscription whose card could be changed.',
  cardChangeStripeOnly: 'This way of changing the card is for Stripe; this server takes the card form.',
  cardChangeLocalOnly: 'This server takes the card through Stripe; use the Stripe card form.',
  setupNotFound: 'That card setup was not found. Please start again.',
  setupNotSucceeded: 'The card was not confirmed. Please try again or use another card.',
  subscriptionPaymentEnded: 'This payment can no longer be made. Please start again from the Premium page.',
} as const;

/** One Premium charge: the first payment or a renewal, paid (with its receipt number) or declined. */
export interface PremiumChargeView {
  id: string;
  /** When the provider reported the charge (ISO 8601). */
  date: string;
  amountCents: number;
  currency: string;
  /** The period the charge pays (ISO 8601); null when the provider did not say. */
  periodStart: string | null;
  periodEnd: string | null;
  cardLast4: string | null;
  /** LB-YYYY-NNNNNN for a paid charge; null for a declined one. */
  receiptNumber: string | null;
  status: 'paid' | 'declined';
}

/** GET /api/subscription/charges: newest first. */
export interface PremiumChargesResponse {
  charges: PremiumChargeView[];
}

/** The card that renews Premium (GET /api/subscription/card and the card change answers); never its number. */
export interface PremiumCardView {
  card: { last4: string; expMonth: number | null; expYear: number | null } | null;
}

/** PUT /api/subscription/card (local provider): the card form's fields, checked as the payment form's. */
export class PremiumLocalCardRequest extends LocalCardFields {}

/** POST /api/subscription/card/setup (Stripe): the SetupIntent's client secret for Stripe Elements. */
export interface PremiumCardSetupResponse {
  clientSecret: string;
}

/** POST /api/subscription/card/confirm (Stripe): the SetupIntent the page confirmed. */
export class PremiumCardConfirmRequest {
  @Matches(/^seti_[A-Za-z0-9_]{1,200}$/, { message: PremiumMessages.setupNotFound })
  @IsNotEmpty({ message: PremiumMessages.setupNotFound })
  @IsString({ message: PremiumMessages.setupNotFound })
  setupIntentId!: string;
}
