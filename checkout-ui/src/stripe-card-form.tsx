import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useState, type FormEvent } from 'react';
import { CardFormLoading } from './card-form-loading.js';
import type { PaymentFormProps } from './payment-form-props.js';
import { CHECKOUT_TEXTS, PUBLIC_SKIN } from './skin.js';

/*
 * Stripe Elements, in its own chunk: loaded only when Stripe is the live provider and the payment step
 * shows (this module is imported dynamically; Stripe.js itself loads from js.stripe.com on first use).
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
  const skin = props.skin ?? PUBLIC_SKIN;
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
      <p className={skin.notice} role="alert">
        {props.texts?.cardFormFailed ?? CHECKOUT_TEXTS.cardFormFailed}
      </p>
    );
  if (instance === null) return <CardFormLoading submitLabel={props.submitLabel} skin={skin} texts={props.texts} />;
  return (
    <Elements
      stripe={instance}
      options={{
        clientSecret: props.clientSecret,
        appearance: { theme: 'stripe', variables: skin.stripeVariables },
      }}
    >
      <ElementsForm {...props} />
    </Elements>
  );
}

function ElementsForm({
  clientSecret,
  submitLabel,
  returnPath,
  onPaid,
  onFailed,
  skin = PUBLIC_SKIN,
  texts: overrides,
}: PaymentFormProps) {
  const texts = { ...CHECKOUT_TEXTS, ...overrides };
  const stripeJs = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripeJs || !elements || pending) return;
    setPending(true);
    const confirmParams = { return_url: `${window.location.origin}${returnPath}` };
    // A subscription may start with a SetupIntent (a trial or a zero first invoice) rather than a PaymentIntent.
    const result = clientSecret.startsWith('seti_')
      ? await stripeJs.confirmSetup({ elements, confirmParams, redirect: 'if_required' })
      : await stripeJs.confirmPayment({ elements, confirmParams, redirect: 'if_required' });
    if (result.error) {
      setPending(false);
      // Back on the card fields, to correct them or use another card.
      elements.getElement('payment')?.focus();
      onFailed(result.error.message ?? texts.paymentGenericError);
      return;
    }
    onPaid();
  }

  return (
    <form className={skin.form} noValidate onSubmit={(event) => void submit(event)} aria-label={texts.cardDetails}>
      <PaymentElement onReady={() => setReady(true)} options={{ layout: 'tabs' }} />
      <button
        className={skin.submit}
        type="submit"
        disabled={!stripeJs || !elements || !ready || pending}
        aria-busy={pending || undefined}
      >
        {pending ? skin.pendingIndicator : skin.submitIcon}
        {pending && texts.processing ? texts.processing : submitLabel}
      </button>
    </form>
  );
}
