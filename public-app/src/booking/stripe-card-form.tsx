import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useState, type FormEvent } from 'react';
import { Texts } from '../texts';
import { CardFormLoading } from './card-form-loading';
import type { PaymentFormProps } from './payment-form-props';

/*
 * Stripe Elements, loaded only when Stripe is the live provider and the visitor reaches the payment step
 * (this module is imported dynamically; Stripe.js itself loads from js.stripe.com on first use).
 */

let stripe: { key: string; promise: Promise<Stripe | null> } | null = null;

function stripeFor(key: string): Promise<Stripe | null> {
  if (stripe?.key !== key) {
    const promise = loadStripe(key);
    promise.catch(() => (stripe = null));
    stripe = { key, promise };
  }
  return stripe.promise;
}

export default function StripeCardForm(props: PaymentFormProps & { publishableKey: string }) {
  const [instance, setInstance] = useState<Stripe | null | 'failed'>(null);
  useEffect(() => {
    let live = true;
    stripeFor(props.publishableKey).then(
      (loaded) => live && setInstance(loaded ?? 'failed'),
      () => live && setInstance('failed'),
    );
    return () => {
      live = false;
    };
  }, [props.publishableKey]);

  if (instance === 'failed')
    return (
      <p className="notice notice-now" role="alert">
        {Texts.cardFormFailed}
      </p>
    );
  if (instance === null) return <CardFormLoading submitLabel={props.submitLabel} />;
  return (
    <Elements
      stripe={instance}
      options={{
        clientSecret: props.clientSecret,
        appearance: { theme: 'stripe', variables: { borderRadius: '12px' } },
      }}
    >
      <ElementsForm {...props} />
    </Elements>
  );
}

function ElementsForm({ submitLabel, onPaid, onFailed }: PaymentFormProps) {
  const stripeJs = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripeJs || !elements || pending) return;
    setPending(true);
    const result = await stripeJs.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}/booking-success` },
      redirect: 'if_required',
    });
    if (result.error) {
      setPending(false);
      // Back on the card fields, to correct them or use another card.
      elements.getElement('payment')?.focus();
      onFailed(result.error.message ?? Texts.paymentGenericError);
      return;
    }
    onPaid();
  }

  return (
    <form className="form card-form" noValidate onSubmit={(event) => void submit(event)} aria-label={Texts.cardDetails}>
      <PaymentElement onReady={() => setReady(true)} options={{ layout: 'tabs' }} />
      <button
        className="btn-primary btn-wide"
        type="submit"
        disabled={!stripeJs || !elements || !ready || pending}
        aria-busy={pending || undefined}
      >
        {pending && <span className="spinner" aria-hidden="true" />}
        {submitLabel}
      </button>
    </form>
  );
}
