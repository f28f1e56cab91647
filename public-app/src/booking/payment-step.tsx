import { formatCents } from '@linkbio/shared-contracts';
import type { ReactNode, Ref } from 'react';
import { Texts } from '../texts';
import type { BookingQuote } from './booking-api';
import { PublicCardPayment } from '../checkout/checkout-skin';

export interface PaymentStepProps {
  quote: BookingQuote;
  paying: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  /** The picked time, when the creator takes sessions at set times. */
  chosenTime: ReactNode;
  onPaid: () => void;
  onFailed: (message: string) => void;
  onEdit: () => void;
}

/** Step 'Payment Details' (spec §2): the server's amounts and the live provider's card form. */
export function PaymentStep({ quote, paying, headingRef, chosenTime, onPaid, onFailed, onEdit }: PaymentStepProps) {
  return (
    <section className="panel" aria-labelledby="step-payment">
      <h2 id="step-payment" ref={headingRef} tabIndex={-1}>
        {Texts.stepPayment}
      </h2>
      {chosenTime}
      <dl className="summary">
        {quote.discountCents ? (
          <div>
            <dt>{Texts.discount}</dt>
            <dd>−${formatCents(quote.discountCents)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{Texts.serviceFee}</dt>
          <dd>${formatCents(quote.userAmount)}</dd>
        </div>
        <div>
          <dt>{Texts.platformFee}</dt>
          <dd>${formatCents(quote.platformFee)}</dd>
        </div>
        <div className="summary-total">
          <dt>{Texts.total}</dt>
          <dd>${formatCents(quote.amount)}</dd>
        </div>
      </dl>
      {paying ? (
        <p className="notice notice-now" role="status">
          <span className="spinner" aria-hidden="true" /> {Texts.paymentRedirecting}
        </p>
      ) : (
        <PublicCardPayment
          clientSecret={quote.clientSecret}
          returnPath="/booking-success"
          submitLabel={Texts.completeBooking(formatCents(quote.amount))}
          onPaid={onPaid}
          onFailed={onFailed}
        />
      )}
      <button className="btn-ghost" type="button" onClick={onEdit} disabled={paying}>
        {Texts.editInformation}
      </button>
    </section>
  );
}
