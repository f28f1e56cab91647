/** What both card forms (local and Stripe Elements) take. */
export interface PaymentFormProps {
  clientSecret: string;
  /** The submit button's text, e.g. 'Subscribe to Premium'. */
  submitLabel: string;
  /** Where Stripe returns after a redirect-based confirmation, e.g. '/dashboard'. */
  returnPath: string;
  /** The card was charged (or the setup confirmed). */
  onPaid: () => void;
  /** The card was refused or the payment failed: the provider's message. */
  onFailed: (message: string) => void;
}
