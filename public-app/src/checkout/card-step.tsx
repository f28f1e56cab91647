import { formatCents } from '@linkbio/shared-contracts';
import type { Ref } from 'react';
import { Texts } from '../texts';
import { PublicCardPayment } from './checkout-skin';
import { FeeLines } from './fee-lines';
import type { SaleQuote } from './sale-api';
import { SaleTexts } from './sale-texts';

export interface CardStepProps {
  quote: SaleQuote;
  priceLabel: string;
  headingRef: Ref<HTMLHeadingElement>;
  onPaid: () => void;
  onFailed: (message: string) => void;
  onEdit: () => void;
}

/** The sale's card step: the server's amounts (authoritative) and the live provider's card form. */
export function CardStep({ quote, priceLabel, headingRef, onPaid, onFailed, onEdit }: CardStepProps) {
  return (
    <section className="panel" aria-labelledby="step-card">
      <h2 id="step-card" ref={headingRef} tabIndex={-1}>
        {Texts.stepPayment}
      </h2>
      <FeeLines
        priceLabel={priceLabel}
        userAmount={quote.userAmount}
        platformFee={quote.platformFee}
        amount={quote.amount}
        discountCents={quote.discountCents}
      />
      <PublicCardPayment
        clientSecret={quote.clientSecret}
        returnPath={typeof window === 'undefined' ? '/' : window.location.pathname}
        submitLabel={SaleTexts.pay(formatCents(quote.amount))}
        onPaid={onPaid}
        onFailed={onFailed}
      />
      <button className="btn-ghost" type="button" onClick={onEdit}>
        {SaleTexts.editDetails}
      </button>
    </section>
  );
}

/** After paying: what happens next. */
export function PaidStep({ message, headingRef }: { message: string; headingRef: Ref<HTMLHeadingElement> }) {
  return (
    <section className="panel" aria-labelledby="step-paid">
      <h2 id="step-paid" ref={headingRef} tabIndex={-1}>
        {SaleTexts.paidTitle}
      </h2>
      <p className="notice notice-now" role="status">
        {message}
      </p>
    </section>
  );
}
