import { CreditCard, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CardPaymentForm } from '@/components/payment/card-payment-form';
import { LocalCardForm } from '@/components/payment/local-card-form';
import { usePaymentConfig } from '@/components/payment/payment-api';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast-store';
import { messageOf } from '@/lib/api-client';
import { changeLocalCard, confirmCardSetup, renewalCardKey, startCardSetup, useRenewalCard } from '../api/premium-billing';

const SAVE = 'Save card';

/**
 * The card that renews Premium and the way to change it: the local card form, or Stripe Elements confirming a
 * SetupIntent whose card then becomes the subscription's default. The next renewal charges the new card.
 */
export function ChangeCard() {
  const card = useRenewalCard(true);
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();

  const changed = () => {
    setOpen(false);
    void queryClient.invalidateQueries({ queryKey: renewalCardKey });
    toast({ title: 'Card changed', description: 'Your next Premium renewal will be charged to the new card.' });
  };
  const failed = (message: string) => toast({ title: 'Card not changed', description: message, variant: 'destructive' });

  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <span className="flex items-center gap-2" data-testid="renewal-card">
        <CreditCard className="size-4 text-muted-foreground" aria-hidden="true" />
        {card.isPending ? (
          <Skeleton className="h-4 w-32" />
        ) : card.data?.card ? (
          <span>
            Card ending in <strong className="font-semibold">{card.data.card.last4}</strong>
          </span>
        ) : (
          <span className="text-muted-foreground">No card on file</span>
        )}
      </span>
      <Dialog open={open} onOpenChange={setOpen}>
        <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
          Change card
        </Button>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Change card</DialogTitle>
            <DialogDescription>The new card pays your next Premium renewal. Nothing is charged now.</DialogDescription>
          </DialogHeader>
          {open && <CardForm onChanged={changed} onFailed={failed} />}
        </DialogContent>
      </Dialog>
    </div>
  );
}

function CardForm({ onChanged, onFailed }: { onChanged: () => void; onFailed: (message: string) => void }) {
  const config = usePaymentConfig();
  if (config.isPending) return <Skeleton className="h-40 w-full" />;
  if (config.data?.paymentProvider === 'stripe') return <StripeSetup onChanged={onChanged} onFailed={onFailed} />;
  return (
    <LocalCardForm
      clientSecret="card-change"
      submitLabel={SAVE}
      returnPath="/dashboard"
      submitCard={changeLocalCard}
      onPaid={onChanged}
      onFailed={onFailed}
    />
  );
}

/** Stripe: a SetupIntent first, then Stripe Elements; once confirmed, the server makes its card the default. */
function StripeSetup({ onChanged, onFailed }: { onChanged: () => void; onFailed: (message: string) => void }) {
  const [setup, setSetup] = useState<{ clientSecret: string } | 'failed' | null>(null);
  const started = useRef(false);
  const start = () => {
    setSetup(null);
    startCardSetup().then(setSetup, (error: unknown) => {
      setSetup('failed');
      onFailed(messageOf(error, "The card form couldn't start. Please try again."));
    });
  };
  useEffect(() => {
    // Once per opening, even when React runs effects twice in development.
    if (started.current) return;
    started.current = true;
    start();
  }, []);
  if (setup === null) return <Skeleton className="h-40 w-full" />;
  if (setup === 'failed')
    return (
      <Button variant="outline" onClick={start}>
        <RefreshCw aria-hidden="true" />
        Try again
      </Button>
    );
  return (
    <CardPaymentForm
      clientSecret={setup.clientSecret}
      submitLabel={SAVE}
      returnPath="/dashboard"
      onPaid={() =>
        void confirmCardSetup(setup.clientSecret).then(onChanged, (error: unknown) =>
          onFailed(error instanceof Error ? error.message : String(error)),
        )
      }
      onFailed={onFailed}
    />
  );
}
