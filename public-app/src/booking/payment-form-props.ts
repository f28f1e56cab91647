/** What both card forms (local and Stripe Elements) take. */
export interface PaymentFormProps {
  clientSecret: string;
  /** The submit button's text, e.g. 'Complete Booking - $54.00'. */
  submitLabel: string;
  /** The card was charged. */
  onPaid: () => void;
  /** Card refused or payment failed: the provider's message. */
  onFailed: (message: string) => void;
}
