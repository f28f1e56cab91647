import { Lock, ShieldCheck } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import {
  checkCard,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  type CardDetails,
  type CardErrors,
  type LocalCardPayment,
} from '@linkbio/shared-contracts';
import { confirmLocalCard, PAYMENT_GENERIC_ERROR } from './payment-api';
import type { PaymentFormProps } from './payment-form-props';

const EMPTY: CardDetails = { cardNumber: '', expiry: '', cvc: '', name: '' };

/**
 * The local test provider's card form (architecture.md): Stripe's test cards, checked here as Stripe's
 * fields would, then charged by POST /api/payments/local/confirm. A refused card keeps what was typed and
 * puts the person back on the card number.
 */
export function LocalCardForm({
  clientSecret,
  submitLabel,
  onPaid,
  onFailed,
  submitCard = confirmLocalCard,
}: PaymentFormProps & {
  /** Where the checked card goes: the payment's confirmation, or (Premium's card change) another call. */
  submitCard?: (payment: LocalCardPayment) => Promise<unknown>;
}) {
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
      await submitCard(check.payment);
    } catch (error) {
      setPending(false);
      // The card is what to change: back on its number (the toast keeps clear of the focused field).
      inputs.current.cardNumber?.focus();
      onFailed(error instanceof Error ? error.message : PAYMENT_GENERIC_ERROR);
      return;
    }
    onPaid();
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label="Card details" className="space-y-4">
      <p className="flex gap-2 rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900">
        <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          Test mode: no real card is charged. Use a test card such as 4242 4242 4242 4242, any future date and any CVC.
        </span>
      </p>
      <Field label="Card number" error={errors.cardNumber}>
        <Input
          ref={(input) => {
            inputs.current.cardNumber = input;
          }}
          name="cardNumber"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          maxLength={23}
          spellCheck={false}
          aria-required
          value={card.cardNumber}
          onChange={(event) => change('cardNumber', formatCardNumber)(event.target.value)}
        />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Expiry date (MM/YY)" error={errors.expiry}>
          <Input
            ref={(input) => {
              inputs.current.expiry = input;
            }}
            name="cardExpiry"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={5}
            spellCheck={false}
            aria-required
            value={card.expiry}
            onChange={(event) => change('expiry', formatExpiry)(event.target.value)}
          />
        </Field>
        <Field label="CVC" error={errors.cvc}>
          <Input
            ref={(input) => {
              inputs.current.cvc = input;
            }}
            name="cardCvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            spellCheck={false}
            aria-required
            value={card.cvc}
            onChange={(event) => change('cvc', formatCvc)(event.target.value)}
          />
        </Field>
      </div>
      <Field label="Name on card (optional)">
        <Input
          name="cardName"
          autoComplete="cc-name"
          maxLength={100}
          value={card.name}
          onChange={(event) => change('name', (value) => value)(event.target.value)}
        />
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={pending} aria-busy={pending || undefined}>
        <Lock aria-hidden="true" />
        {pending ? 'Processing...' : submitLabel}
      </Button>
    </form>
  );
}
