import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Texts } from '../texts';
import { CardFormLoading } from './card-form-loading';
import { LocalCardForm } from './local-card-form';
import { fetchPaymentConfig, type PaymentConfig } from './payment-api';
import type { PaymentFormProps } from './payment-form-props';

/**
 * Stripe's pieces come in their own chunk, fetched only when Stripe is live (never for the local provider).
 * The server never renders the payment step, so its build leaves them out.
 */
const StripeCardForm = import.meta.env.SSR ? () => null : lazy(() => import('./stripe-card-form'));

type Config = { state: 'loading' } | { state: 'ready'; config: PaymentConfig } | { state: 'failed' };

/** The card form of the live provider, as GET /api/config names it: Stripe Elements or the local card form. */
export function CardPayment(props: PaymentFormProps) {
  const [config, setConfig] = useState<Config>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    fetchPaymentConfig().then(
      (loaded) => live && setConfig({ state: 'ready', config: loaded }),
      () => live && setConfig({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  if (config.state === 'loading') return <CardFormLoading submitLabel={props.submitLabel} />;
  if (config.state === 'failed')
    return (
      <div className="form card-form">
        <p className="notice notice-now" role="alert">
          {Texts.paymentUnavailable}
        </p>
        <button
          className="btn-primary btn-wide"
          type="button"
          onClick={() => {
            setConfig({ state: 'loading' });
            setAttempt((count) => count + 1);
          }}
        >
          {Texts.tryAgain}
        </button>
      </div>
    );
  const { paymentProvider, stripePublishableKey } = config.config;
  if (paymentProvider === 'stripe') {
    if (!stripePublishableKey)
      return (
        <p className="notice notice-now" role="alert">
          {Texts.paymentUnavailable}
        </p>
      );
    return (
      <LoadFailure>
        <Suspense fallback={<CardFormLoading submitLabel={props.submitLabel} />}>
          <StripeCardForm {...props} publishableKey={stripePublishableKey} />
        </Suspense>
      </LoadFailure>
    );
  }
  return <LocalCardForm {...props} />;
}

/** The Stripe chunk failed to load (offline, a new deploy): say so instead of a blank step. */
class LoadFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? (
      <p className="notice notice-now" role="alert">
        {Texts.cardFormFailed}
      </p>
    ) : (
      this.props.children
    );
  }
}
