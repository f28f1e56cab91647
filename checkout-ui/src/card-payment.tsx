import { Component, lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { CardFormLoading } from './card-form-loading.js';
import { LocalCardForm } from './local-card-form.js';
import { fetchPaymentConfig, type PaymentConfig } from './payment-api.js';
import type { PaymentFormProps } from './payment-form-props.js';
import { CHECKOUT_TEXTS, PUBLIC_SKIN, type CheckoutSkin } from './skin.js';

/**
 * Stripe's pieces come in their own chunk, fetched only when Stripe is live (never for the local provider).
 * A server never renders the card step (there is no client secret before the visitor asks to pay).
 */
const StripeCardForm = lazy(() => import('./stripe-card-form.js'));

type Config = { state: 'loading' } | { state: 'ready'; config: PaymentConfig } | { state: 'failed' };

export interface CardPaymentProps extends PaymentFormProps {
  /** Where the provider's name comes from (default GET /api/config, asked once per page). */
  loadConfig?: () => Promise<PaymentConfig>;
}

/** The card form of the live provider, as GET /api/config names it: Stripe Elements or the local card form. */
export function CardPayment({ loadConfig = fetchPaymentConfig, ...props }: CardPaymentProps) {
  const skin = props.skin ?? PUBLIC_SKIN;
  const texts = { ...CHECKOUT_TEXTS, ...props.texts };
  const [config, setConfig] = useState<Config>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const load = useRef(loadConfig);
  load.current = loadConfig;

  useEffect(() => {
    let live = true;
    load.current().then(
      (loaded) => live && setConfig({ state: 'ready', config: loaded }),
      () => live && setConfig({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  if (config.state === 'loading')
    return <CardFormLoading submitLabel={props.submitLabel} skin={skin} texts={props.texts} />;
  const { paymentProvider, stripePublishableKey } =
    config.state === 'ready' ? config.config : { paymentProvider: null, stripePublishableKey: null };
  if (paymentProvider === 'local') return <LocalCardForm {...props} />;
  if (paymentProvider === 'stripe' && stripePublishableKey)
    return (
      <LoadFailure skin={skin} message={texts.cardFormFailed}>
        <Suspense fallback={<CardFormLoading submitLabel={props.submitLabel} skin={skin} texts={props.texts} />}>
          <StripeCardForm {...props} publishableKey={stripePublishableKey} />
        </Suspense>
      </LoadFailure>
    );
  return (
    <div className={skin.form}>
      <p className={skin.notice} role="alert">
        {texts.paymentUnavailable}
      </p>
      <button
        className={skin.retry}
        type="button"
        onClick={() => {
          setConfig({ state: 'loading' });
          setAttempt((count) => count + 1);
        }}
      >
        {skin.retryIcon}
        {texts.tryAgain}
      </button>
    </div>
  );
}

/** The Stripe chunk failed to load (offline, a new deploy): say so instead of a blank form. */
class LoadFailure extends Component<{ children: ReactNode; skin: CheckoutSkin; message: string }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? (
      <p className={this.props.skin.notice} role="alert">
        {this.props.message}
      </p>
    ) : (
      this.props.children
    );
  }
}
