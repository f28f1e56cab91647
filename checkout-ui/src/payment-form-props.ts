import type { LocalCardPayment } from '@linkbio/shared-contracts';
import type { CheckoutSkin, CheckoutTexts } from './skin.js';

/** What both card forms (local and Stripe Elements) take. */
export interface PaymentFormProps {
  /** The PaymentIntent's (or, for a subscription, the SetupIntent's) client secret. */
  clientSecret: string;
  /** The submit button's text, e.g. 'Complete Booking - $54.00' or 'Subscribe to Premium'. */
  submitLabel: string;
  /** Where Stripe returns after a redirect-based confirmation, e.g. '/booking-success' or '/dashboard'. */
  returnPath: string;
  /** The card was charged (or the setup confirmed). */
  onPaid: () => void;
  /** The card was refused or the payment failed: the provider's message. */
  onFailed: (message: string) => void;
  /** The app's look; the public pages' when left out. */
  skin?: CheckoutSkin;
  /** The app's texts, over the defaults. */
  texts?: Partial<CheckoutTexts>;
  /** The local form only: where the checked card goes (default: the payment's confirmation). */
  submitCard?: (payment: LocalCardPayment) => Promise<unknown>;
}
