import { useRef, useState, type FormEvent } from 'react';
import { LockIcon } from '../components/icons';
import { Texts } from '../texts';
import {
  checkCard,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  type CardDetails,
  type CardErrors,
} from '@linkbio/shared-contracts';
import { confirmLocalCard } from './payment-api';
import type { PaymentFormProps } from './payment-form-props';

const EMPTY: CardDetails = { cardNumber: '', expiry: '', cvc: '', name: '' };

/**
 * The local test provider's card form (architecture.md): Stripe's test cards, checked here as Stripe's
 * fields would, then charged by POST /api/payments/local/confirm. A refused card keeps what was typed and
 * puts the visitor back on the card number, to correct it and try again.
 */
export function LocalCardForm({ clientSecret, submitLabel, onPaid, onFailed }: PaymentFormProps) {
  const [card, setCard] = useState<CardDetails>(EMPTY);
  const [errors, setErrors] = useState<CardErrors>({});
  const [pending, setPending] = useState(false);
  const inputs = useRef<Partial<Record<keyof CardErrors, HTMLInputElement | null>>>({});

  const change = (field: keyof CardDetails, format: (value: string) => string) => (value: string) => {
    setCard((current) => ({ ...current, [field]: format(value) }));
    if (field in errors) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const check = checkCard(clientSecret, card);
    setErrors(check.errors);
    if (!check.payment) {
      if (check.firstInvalid) inputs.current[check.firstInvalid]?.focus();
      return;
    }
    setPending(true);
    try {
      await confirmLocalCard(check.payment);
    } catch (error) {
      setPending(false);
      // The card is what to change: the visitor is put back on its number (the message shows clear of it).
      inputs.current.cardNumber?.focus();
      onFailed(error instanceof Error ? error.message : Texts.paymentGenericError);
      return;
    }
    onPaid();
  }

  return (
    <form className="form card-form" noValidate onSubmit={(event) => void submit(event)} aria-label={Texts.cardDetails}>
      <p className="card-hint" id="card-hint">
        <LockIcon />
        <span>{Texts.testCardHint}</span>
      </p>
      <CardField
        id="cardNumber"
        label={Texts.cardNumber}
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={card.cardNumber}
        error={errors.cardNumber}
        onChange={change('cardNumber', formatCardNumber)}
        inputRef={(input) => (inputs.current.cardNumber = input)}
        maxLength={23}
        describedBy="card-hint"
      />
      <div className="field-row">
        <CardField
          id="cardExpiry"
          label={Texts.cardExpiry}
          autoComplete="cc-exp"
          placeholder="MM/YY"
          value={card.expiry}
          error={errors.expiry}
          onChange={change('expiry', formatExpiry)}
          inputRef={(input) => (inputs.current.expiry = input)}
          maxLength={5}
        />
        <CardField
          id="cardCvc"
          label={Texts.cardCvc}
          autoComplete="cc-csc"
          placeholder="123"
          value={card.cvc}
          error={errors.cvc}
          onChange={change('cvc', formatCvc)}
          inputRef={(input) => (inputs.current.cvc = input)}
          maxLength={4}
        />
      </div>
      <CardField
        id="cardName"
        label={Texts.cardName}
        autoComplete="cc-name"
        value={card.name}
        onChange={change('name', (value) => value.slice(0, 100))}
        numeric={false}
      />
      <button className="btn-primary btn-wide" type="submit" disabled={pending} aria-busy={pending || undefined}>
        {pending && <span className="spinner" aria-hidden="true" />}
        {submitLabel}
      </button>
    </form>
  );
}

interface CardFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  placeholder?: string;
  error?: string;
  inputRef?: (input: HTMLInputElement | null) => void;
  maxLength?: number;
  numeric?: boolean;
  describedBy?: string;
}

function CardField({
  id,
  label,
  value,
  onChange,
  autoComplete,
  placeholder,
  error,
  inputRef,
  maxLength,
  numeric = true,
  describedBy,
}: CardFieldProps) {
  const described = [describedBy, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={id}
        type="text"
        inputMode={numeric ? 'numeric' : undefined}
        autoComplete={autoComplete}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        aria-required={numeric || undefined}
        ref={inputRef}
        maxLength={maxLength}
        spellCheck={false}
      />
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
