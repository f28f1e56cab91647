import { Crown, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatCents, PREMIUM_PRICE_CENTS } from '@linkbio/shared-contracts';
import { CardPaymentForm } from '@/components/payment/card-payment-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast-store';
import { ALREADY_SUBSCRIBED, useCreateSubscription } from '@/features/subscribe/api/create-subscription';
import { PremiumFeatures } from '@/features/subscribe/components/premium-features';

const PRICE = `$${formatCents(PREMIUM_PRICE_CENTS)}`;

type Checkout =
  { status: 'starting' } | { status: 'ready'; clientSecret: string } | { status: 'failed' } | { status: 'leaving' };

/**
 * The subscribe screen's states (spec §4): premium already → notice and back to the dashboard; otherwise a
 * subscription is requested: 'Already subscribed' → notice and back; a client secret → the payment section;
 * a failure → an error notice, with the plan still shown and a way to try again.
 */
export interface SubscribeScreenProps {
  isPremium: boolean;
  /** The card was charged: refresh what depends on the plan (the current user, the plan card). */
  onSubscribed?: () => Promise<unknown> | void;
}

export function SubscribeScreen({ isPremium, onSubscribed }: SubscribeScreenProps) {
  const navigate = useNavigate();
  const { mutateAsync: requestSubscription } = useCreateSubscription();
  const [checkout, setCheckout] = useState<Checkout>({ status: isPremium ? 'leaving' : 'starting' });
  const started = useRef(false);

  const leave = (title: string, description: string) => {
    setCheckout({ status: 'leaving' });
    toast({ title, description });
    void navigate('/dashboard', { replace: true });
  };

  const startCheckout = async () => {
    setCheckout({ status: 'starting' });
    try {
      const answer = await requestSubscription();
      if ('clientSecret' in answer && typeof answer.clientSecret === 'string' && answer.clientSecret) {
        setCheckout({ status: 'ready', clientSecret: answer.clientSecret });
        return;
      }
      if ('message' in answer && answer.message === ALREADY_SUBSCRIBED) {
        leave('Already Subscribed', 'Your Premium subscription is already active.');
        return;
      }
      throw new Error('Unexpected answer from /api/create-subscription');
    } catch {
      setCheckout({ status: 'failed' });
      toast({
        title: 'Error',
        description: 'Failed to initialize subscription. Please try again.',
        variant: 'destructive',
      });
    }
  };

  const paid = () => {
    setCheckout({ status: 'leaving' });
    toast({
      title: 'Payment Successful',
      description: 'Welcome to Premium! You now have access to all premium features.',
    });
    void Promise.resolve(onSubscribed?.()).finally(() => void navigate('/dashboard', { replace: true }));
  };

  const failed = (message: string) => toast({ title: 'Payment Failed', description: message, variant: 'destructive' });

  useEffect(() => {
    // On arrival only, and once, even when React runs effects twice in development.
    if (started.current) return;
    started.current = true;
    if (isPremium) leave('Already Premium', 'You already have access to all premium features.');
    else void startCheckout();
  }, []);

  return (
    <div className="bg-gradient-to-b from-accent to-background">
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-16">
        <div className="mx-auto max-w-2xl text-center">
          <p className="inline-flex items-center gap-2 rounded-full border border-violet-200 bg-background px-3 py-1 text-sm font-medium text-accent-foreground">
            <Crown className="size-4" aria-hidden="true" />
            Linkbio Premium
          </p>
          <h1 className="mt-4 text-balance text-3xl font-bold tracking-tight sm:text-4xl">Upgrade to Premium</h1>
          <p className="mt-3 text-lg text-muted-foreground">
            Unlock everything Linkbio can do for your page, your audience and your bookings.
          </p>
        </div>

        <div className="mt-10 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          {/* The plan comes first on phones, so the price is on screen at once; on wide screens it sits on the right. */}
          <Card className="p-6 sm:p-8 lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1">
            <section aria-labelledby="premium-plan-title">
              <h2 id="premium-plan-title" className="text-lg font-semibold">
                Premium plan
              </h2>
              <p className="mt-4 flex items-baseline gap-1">
                <span className="text-4xl font-extrabold tracking-tight">{PRICE}</span>
                <span className="text-muted-foreground">/month</span>
              </p>
              <p className="mt-1 text-sm font-medium text-success">Cancel anytime</p>
              <div className="mt-6 border-t border-border pt-6">
                <CheckoutSection
                  checkout={checkout}
                  onRetry={() => void startCheckout()}
                  onPaid={paid}
                  onFailed={failed}
                />
              </div>
              <p className="mt-6 text-xs leading-relaxed text-muted-foreground">
                You can cancel your subscription from your dashboard whenever you like. Premium stays on until the end
                of the month you have paid for.
              </p>
            </section>
          </Card>
          <Card className="p-6 sm:p-8 lg:col-start-1 lg:row-start-1">
            <section aria-labelledby="premium-features-title">
              <h2 id="premium-features-title" className="text-lg font-semibold">
                Everything in Premium
              </h2>
              <div className="mt-6">
                <PremiumFeatures />
              </div>
            </section>
          </Card>
        </div>
      </div>
    </div>
  );
}

interface CheckoutSectionProps {
  checkout: Checkout;
  onRetry: () => void;
  onPaid: () => void;
  onFailed: (message: string) => void;
}

function CheckoutSection({ checkout, onRetry, onPaid, onFailed }: CheckoutSectionProps) {
  switch (checkout.status) {
    case 'starting':
      return (
        <div role="status" className="space-y-3">
          <p className="text-sm text-muted-foreground">Preparing secure checkout…</p>
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-12 w-full" />
        </div>
      );
    case 'ready':
      return (
        <div className="space-y-4">
          <h3 className="text-sm font-semibold">Payment</h3>
          <dl className="space-y-2 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">Linkbio Premium, billed monthly</dt>
              <dd className="font-medium">{PRICE}</dd>
            </div>
            <div className="flex justify-between gap-4 border-t border-border pt-2">
              <dt className="font-semibold">Due today</dt>
              <dd className="font-semibold">{PRICE}</dd>
            </div>
          </dl>
          <CardPaymentForm
            clientSecret={checkout.clientSecret}
            submitLabel="Subscribe to Premium"
            returnPath="/dashboard"
            onPaid={onPaid}
            onFailed={onFailed}
          />
        </div>
      );
    case 'failed':
      return (
        <div className="space-y-3">
          <p className="text-sm text-muted-foreground">We couldn't start checkout. Nothing has been charged.</p>
          <Button size="lg" variant="outline" className="w-full" onClick={onRetry}>
            <RefreshCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      );
    case 'leaving':
      return (
        <p role="status" className="text-sm text-muted-foreground">
          Taking you to your dashboard…
        </p>
      );
  }
}
