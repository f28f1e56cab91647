import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { Lock } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { CardFormLoading } from './card-form-loading';
import { PAYMENT_GENERIC_ERROR } from './payment-api';
import type { PaymentFormProps } from './payment-form-props';

/*
 * Stripe Elements, in its own chunk: loaded only when Stripe is the live provider and the payment step
 * shows (Stripe.js itself comes from js.stripe.com on first use).
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
      <p role="alert" className="rounded-md bg-muted px-3 py-2 text-sm">
        The secure card form couldn't load. Check your connection and reload the page; nothing has been charged.
      </p>
    );
  if (instance === null) return <CardFormLoading submitLabel={props.submitLabel} />;
  return (
    <Elements stripe={instance} options={{ clientSecret: props.clientSecret, appearance: { theme: 'stripe' } }}>
      <ElementsForm {...props} />
    </Elements>
  );
}

function ElementsForm({ clientSecret, submitLabel, returnPath, onPaid, onFailed }: PaymentFormProps) {
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
      onFailed(result.error.message ?? PAYMENT_GENERIC_ERROR);
      return;
    }
    onPaid();
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label="Card details" className="space-y-4">
      <PaymentElement onReady={() => setReady(true)} />
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={!stripeJs || !elements || !ready || pending}
        aria-busy={pending || undefined}
      >
        <Lock aria-hidden="true" />
        {pending ? 'Processing...' : submitLabel}
      </Button>
    </form>
  );
}
