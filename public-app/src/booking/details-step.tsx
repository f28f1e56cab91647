import { TextField } from '@linkbio/checkout-ui';
import type { ReactNode, Ref } from 'react';
import { Texts } from '../texts';
import type { CustomerDetails, DetailErrors } from './validate';

export interface DetailsStepProps {
  details: CustomerDetails;
  errors: DetailErrors;
  hydrated: boolean;
  pending: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  /** The picked time, when the creator takes sessions at set times. */
  chosenTime: ReactNode;
  /** The optional coupon code field (CouponField), above the button. */
  coupon?: ReactNode;
  /** The "Join my e-mail list" box, under the message. */
  joinList?: ReactNode;
  /** The session type's questions (IntakeFields), under the contact fields. */
  questions?: ReactNode;
  /** The session is a phone call: the number is asked for, and required. */
  phoneRequired?: boolean;
  fieldRef: (field: keyof DetailErrors, input: HTMLInputElement | null) => void;
  onChange: (field: keyof CustomerDetails, value: string) => void;
  onSubmit: () => void;
}

/**
 * Step 'Your Information' (spec §2): name and e-mail required, phone and message optional (the phone required
 * when the creator calls the visitor), then the session type's questions.
 */
export function DetailsStep({
  details,
  errors,
  hydrated,
  pending,
  headingRef,
  chosenTime,
  coupon,
  joinList,
  questions,
  phoneRequired = false,
  fieldRef,
  onChange,
  onSubmit,
}: DetailsStepProps) {
  return (
    <section className="panel" aria-labelledby="step-information">
      <h2 id="step-information" ref={headingRef} tabIndex={-1}>
        {Texts.stepInformation}
      </h2>
      {chosenTime}
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <TextField
          id="customerName"
          label={Texts.fullName}
          autoComplete="name"
          value={details.customerName}
          error={errors.customerName}
          onChange={(value) => onChange('customerName', value)}
          inputRef={(input) => fieldRef('customerName', input)}
          required
        />
        <TextField
          id="customerEmail"
          label={Texts.emailAddress}
          type="email"
          maxLength={254}
          autoComplete="email"
          value={details.customerEmail}
          error={errors.customerEmail}
          onChange={(value) => onChange('customerEmail', value)}
          inputRef={(input) => fieldRef('customerEmail', input)}
          required
        />
        <TextField
          id="customerPhone"
          label={phoneRequired ? Texts.phoneToCall : Texts.phoneNumber}
          type="tel"
          autoComplete="tel"
          maxLength={30}
          hint={phoneRequired ? Texts.phoneToCallHint : undefined}
          value={details.customerPhone}
          error={errors.customerPhone}
          onChange={(value) => onChange('customerPhone', value)}
          inputRef={(input) => fieldRef('customerPhone', input)}
          required={phoneRequired}
        />
        {questions}
        <div className="field">
          <label htmlFor="message">{Texts.message}</label>
          <textarea
            id="message"
            name="message"
            rows={3}
            maxLength={1000}
            placeholder={Texts.messagePlaceholder}
            value={details.message}
            onChange={(event) => onChange('message', event.target.value)}
          />
        </div>
        {joinList}
        {coupon}
        <button
          className="btn-primary btn-wide"
          type="submit"
          disabled={!hydrated || pending}
          aria-busy={pending || undefined}
        >
          {pending && <span className="spinner" aria-hidden="true" />}
          {Texts.continueToPayment}
        </button>
        {/* Until the script runs. Shown after a short delay (CSS), so only when JavaScript is off or fails; last in
            the form, so its removal on hydration moves nothing above it. */}
        {!hydrated && <p className="notice">{Texts.needsJavaScript}</p>}
      </form>
    </section>
  );
}
