import { RefreshCw } from 'lucide-react';
import { Component, lazy, Suspense, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { CardFormLoading } from './card-form-loading';
import { LocalCardForm } from './local-card-form';
import { usePaymentConfig } from './payment-api';
import type { PaymentFormProps } from './payment-form-props';

/** Stripe's pieces come in their own chunk, fetched only when Stripe is live (never for the local provider). */
const StripeCardForm = lazy(() => import('./stripe-card-form'));

const UNAVAILABLE = "Card payment couldn't start. Please try again; nothing has been charged.";

/** The card form of the live provider, as GET /api/config names it: Stripe Elements or the local card form. */
export function CardPaymentForm(props: PaymentFormProps) {
  const config = usePaymentConfig();
  if (config.isPending) return <CardFormLoading submitLabel={props.submitLabel} />;
  const provider = config.data?.paymentProvider;
  const key = config.data?.stripePublishableKey;
  if (config.isError || (provider !== 'local' && !(provider === 'stripe' && key)))
    return (
      <div className="space-y-3">
        <p role="alert" className="rounded-md bg-muted px-3 py-2 text-sm">
          {UNAVAILABLE}
        </p>
        <Button size="lg" variant="outline" className="w-full" onClick={() => void config.refetch()}>
          <RefreshCw aria-hidden="true" />
          Try again
        </Button>
      </div>
    );
  if (provider === 'stripe' && key)
    return (
      <LoadFailure>
        <Suspense fallback={<CardFormLoading submitLabel={props.submitLabel} />}>
          <StripeCardForm {...props} publishableKey={key} />
        </Suspense>
      </LoadFailure>
    );
  return <LocalCardForm {...props} />;
}

/** The Stripe chunk failed to load (offline, a new deploy): say so instead of a blank form. */
class LoadFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? (
      <p role="alert" className="rounded-md bg-muted px-3 py-2 text-sm">
        The secure card form couldn't load. Check your connection and reload the page; nothing has been charged.
      </p>
    ) : (
      this.props.children
    );
  }
}
