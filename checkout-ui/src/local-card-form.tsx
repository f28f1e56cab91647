import { useRef, useState, type FormEvent } from 'react';
import {
  checkCard,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  type CardDetails,
  type CardErrors,
} from '@linkbio/shared-contracts';
import { TextField } from './text-field.js';
import { confirmLocalCard } from './payment-api.js';
import type { PaymentFormProps } from './payment-form-props.js';
import { CHECKOUT_TEXTS, PUBLIC_SKIN } from './skin.js';

const EMPTY: CardDetails = { cardNumber: '', expiry: '', cvc: '', name: '' };

/**
 * The local test provider's card form (architecture.md): Stripe's test cards, checked here as Stripe's
 * fields would, then charged by POST /api/payments/local/confirm (or `submitCard`: the dashboard's card
 * change). A refused card keeps what was typed and puts the person back on the card number.
 */
export function LocalCardForm({
  clientSecret,
  submitLabel,
  onPaid,
  onFailed,
  skin = PUBLIC_SKIN,
  texts: overrides,
  submitCard,
}: PaymentFormProps) {
  const texts = { ...CHECKOUT_TEXTS, ...overrides };
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
      await (submitCard ? submitCard(check.payment) : confirmLocalCard(check.payment, texts));
    } catch (error) {
      setPending(false);
      // The card is what to change: back on its number (the toast keeps clear of the focused field).
      inputs.current.cardNumber?.focus();
      onFailed(error instanceof Error ? error.message : texts.paymentGenericError);
      return;
    }
    onPaid();
  }

  return (
    <form className={skin.form} noValidate onSubmit={(event) => void submit(event)} aria-label={texts.cardDetails}>
      <p className={skin.hint} id="card-hint">
        {skin.hintIcon}
        <span>{texts.testCardHint}</span>
      </p>
      <TextField
        id="cardNumber"
        inputMode="numeric"
        required
        label={texts.cardNumber}
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={card.cardNumber}
        error={errors.cardNumber}
        onChange={change('cardNumber', formatCardNumber)}
        inputRef={(input) => void (inputs.current.cardNumber = input)}
        maxLength={23}
        describedBy="card-hint"
        skin={skin}
      />
      <div className={skin.fieldRow}>
        <TextField
          id="cardExpiry"
          inputMode="numeric"
          required
          label={texts.cardExpiry}
          autoComplete="cc-exp"
          placeholder="MM/YY"
          value={card.expiry}
          error={errors.expiry}
          onChange={change('expiry', formatExpiry)}
          inputRef={(input) => void (inputs.current.expiry = input)}
          maxLength={5}
          skin={skin}
        />
        <TextField
          id="cardCvc"
          inputMode="numeric"
          required
          label={texts.cardCvc}
          autoComplete="cc-csc"
          placeholder="123"
          value={card.cvc}
          error={errors.cvc}
          onChange={change('cvc', formatCvc)}
          inputRef={(input) => void (inputs.current.cvc = input)}
          maxLength={4}
          skin={skin}
        />
      </div>
      <TextField
        id="cardName"
        label={texts.cardName}
        autoComplete="cc-name"
        value={card.name}
        onChange={change('name', (value) => value.slice(0, 100))}
        skin={skin}
      />
      <button className={skin.submit} type="submit" disabled={pending} aria-busy={pending || undefined}>
        {pending ? skin.pendingIndicator : skin.submitIcon}
        {pending && texts.processing ? texts.processing : submitLabel}
      </button>
    </form>
  );
}
