import type { ReactNode } from 'react';

/**
 * An app's look for the checkout: the class names its own styles give the pieces, and its icons. The public
 * pages pass plain CSS classes (public-app/src/styles/booking.css); the dashboard passes Tailwind classes.
 */
export interface CheckoutSkin {
  /** The card form and the loading placeholder. */
  form: string;
  /** The test-mode hint above the local card form, and the icon before its text. */
  hint: string;
  hintIcon?: ReactNode;
  /** A labelled field, its label, its input, its message, and the row holding expiry and CVC. */
  field: string;
  label: string;
  input: string;
  fieldError: string;
  fieldHint?: string;
  fieldRow: string;
  /** The pay button, the icon before its label, and what shows in it while the payment runs. */
  submit: string;
  submitIcon?: ReactNode;
  pendingIndicator?: ReactNode;
  /** An alert in place of the form (the provider unreachable), and the button that asks again. */
  notice: string;
  retry: string;
  retryIcon?: ReactNode;
  /** The grey blocks of the loading placeholder: one line for the number, a row of two for expiry and CVC. */
  skeleton: string;
  skeletonRow?: string;
  skeletonHalf?: string;
  /** Stripe Elements' look (`appearance.variables`). */
  stripeVariables?: Record<string, string>;
}

/** Every text the checkout shows; the defaults are the spec's (product-spec.md §2) and Stripe's. */
export interface CheckoutTexts {
  cardDetails: string;
  cardNumber: string;
  cardExpiry: string;
  cardCvc: string;
  cardName: string;
  testCardHint: string;
  cardFormLoading: string;
  cardFormFailed: string;
  paymentUnavailable: string;
  tryAgain: string;
  paymentGenericError: string;
  paymentNetworkError: string;
  /** The pay button's label while the payment runs; without it the button keeps its label. */
  processing?: string;
}

export const CHECKOUT_TEXTS: CheckoutTexts = {
  cardDetails: 'Card details',
  cardNumber: 'Card number',
  cardExpiry: 'Expiry date (MM/YY)',
  cardCvc: 'CVC',
  cardName: 'Name on card (optional)',
  testCardHint:
    'Test mode: no real card is charged. Use a test card such as 4242 4242 4242 4242, any future date and any CVC.',
  cardFormLoading: 'Loading the card form',
  cardFormFailed:
    "The secure card form couldn't load. Check your connection and reload the page; nothing has been charged.",
  paymentUnavailable: "Card payment couldn't start. Please try again; nothing has been charged.",
  tryAgain: 'Try again',
  paymentGenericError: 'Your payment could not be completed. Please try again.',
  paymentNetworkError: "We couldn't reach the payment service. Check your connection and try again.",
};

/** The public pages' classes (booking.css), the skin a caller gets when it passes none. */
export const PUBLIC_SKIN: CheckoutSkin = {
  form: 'form card-form',
  hint: 'card-hint',
  field: 'field',
  label: '',
  input: '',
  fieldError: 'field-error',
  fieldHint: 'field-hint',
  fieldRow: 'field-row',
  submit: 'btn-primary btn-wide',
  notice: 'notice notice-now',
  retry: 'btn-primary btn-wide',
  skeleton: 'card-skeleton',
  stripeVariables: { borderRadius: '12px' },
};
