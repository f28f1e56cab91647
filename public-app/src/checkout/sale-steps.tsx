import type { ReactNode } from 'react';
import { CardStep, PaidStep } from './card-step';
import { PublicToast } from './checkout-skin';
import { SaleTexts } from './sale-texts';
import type { useSaleCheckout } from './use-sale-checkout';

export interface SaleStepsProps {
  checkout: ReturnType<typeof useSaleCheckout>;
  /** The details step's heading. */
  title: string;
  /** The first fee line's name: 'Price' or 'Tip'. */
  priceLabel: string;
  /** What the buyer reads once paid. */
  paidMessage: string;
  /** The details form's fields. */
  children: ReactNode;
  onSubmit: () => void;
  /** False while the server's HTML waits for the script: the button stays disabled and a notice says why. */
  hydrated?: boolean;
}

/**
 * The steps of a sale on the page, around its own details form: the details (with 'Continue to Payment'),
 * then the card step with the server's amounts, then paid; and the toast for whatever was refused.
 */
export function SaleSteps({
  checkout,
  title,
  priceLabel,
  paidMessage,
  children,
  onSubmit,
  hydrated = true,
}: SaleStepsProps) {
  return (
    <div className="checkout">
      {checkout.step === 'paid' ? (
        <PaidStep message={paidMessage} headingRef={checkout.heading} />
      ) : checkout.step === 'card' && checkout.quote ? (
        <CardStep
          quote={checkout.quote}
          priceLabel={priceLabel}
          headingRef={checkout.heading}
          onPaid={checkout.paid}
          onFailed={(message) => checkout.showError(SaleTexts.paymentFailed, message)}
          onEdit={checkout.edit}
        />
      ) : (
        <section className="panel" aria-labelledby="step-details">
          <h2 id="step-details" ref={checkout.heading} tabIndex={-1}>
            {title}
          </h2>
          <form
            className="form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              onSubmit();
            }}
          >
            {children}
            <button
              className="btn-primary btn-wide"
              type="submit"
              disabled={!hydrated || checkout.pending}
              aria-busy={checkout.pending || undefined}
            >
              {checkout.pending && <span className="spinner" aria-hidden="true" />}
              {SaleTexts.continueToPayment}
            </button>
            {!hydrated && <p className="notice">{SaleTexts.needsJavaScript}</p>}
          </form>
        </section>
      )}
      <PublicToast toast={checkout.toast} onClose={checkout.closeToast} />
    </div>
  );
}
