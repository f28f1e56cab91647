import { LoadFailed } from '@/components/ui/load-failed';
import { Crown, Sparkles } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  formatCents,
  FREE_PLAN_LINK_LIMIT,
  PREMIUM_PRICE_CENTS,
  type SubscriptionView,
} from '@linkbio/shared-contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast-store';
import { messageOf } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useCancelSubscription, useSubscription } from '../api/subscription';
import { formatDate } from '../format-date';
import { BillingHistory } from './billing-history';
import { ChangeCard } from './change-card';

interface PlanCardProps {
  /** The plan changed (cancelled): refresh what depends on it, e.g. the current user. */
  onPlanChanged?: () => void;
  className?: string;
}

const PRICE = `$${formatCents(PREMIUM_PRICE_CENTS)}`;

/**
 * Plan: Free (with the way to /subscribe) or Premium with its renewal date, or 'Premium until <date>' once
 * cancelled; cancelling asks first and takes effect at the end of the paid period (decisions.md, Premium).
 */
export function PlanCard({ onPlanChanged, className }: PlanCardProps) {
  const subscription = useSubscription();
  return (
    <Card role="region" aria-labelledby="plan-card-title" className={cn('flex flex-col', className)}>
      <CardHeader>
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-primary">
            <Crown className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0 flex-1 space-y-1">
            <CardTitle id="plan-card-title">Plan</CardTitle>
            <CardDescription>Your Linkbio plan and billing.</CardDescription>
          </div>
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col">
        {subscription.isPending ? (
          <div role="status" aria-label="Loading your plan" className="space-y-3">
            <Skeleton className="h-7 w-28" />
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-10 w-40" />
          </div>
        ) : subscription.isError ? (
          <LoadFailed what="your plan" onRetry={() => void subscription.refetch()} />
        ) : (
          <div className="flex flex-1 flex-col gap-4">
            <PlanDetails subscription={subscription.data} onPlanChanged={onPlanChanged} />
            <BillingHistory />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function PlanBadge({ premium }: { premium: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold',
        premium ? 'bg-violet-100 text-violet-800' : 'bg-slate-100 text-slate-800',
      )}
    >
      {premium && <Sparkles className="size-4" aria-hidden="true" />}
      {premium ? 'Premium' : 'Free'}
    </span>
  );
}

function PlanDetails({ subscription, onPlanChanged }: { subscription: SubscriptionView; onPlanChanged?: () => void }) {
  const premium = subscription.plan === 'premium';
  const end = subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd) : null;
  const ending = premium && (subscription.cancelAtPeriodEnd || subscription.status === 'canceling');

  if (!premium)
    return (
      <div className="flex flex-1 flex-col gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <PlanBadge premium={false} />
          <span className="text-sm text-muted-foreground">Up to {FREE_PLAN_LINK_LIMIT} links</span>
        </div>
        <p className="text-sm text-muted-foreground">
          Upgrade to Premium for unlimited links, custom colours, advanced analytics and no Linkbio branding, for{' '}
          {PRICE}/month.
        </p>
        <div className="mt-auto pt-2">
          <Button asChild className="w-full sm:w-auto">
            <Link to="/subscribe">
              <Crown aria-hidden="true" />
              Upgrade to Premium
            </Link>
          </Button>
        </div>
      </div>
    );

  return (
    <div className="flex flex-1 flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <PlanBadge premium />
        <span className="text-sm text-muted-foreground">{PRICE}/month</span>
      </div>
      {ending ? (
        <p className="text-sm">
          <strong className="font-semibold">
            {end ? `Premium until ${end}` : 'Premium until the end of this period'}
          </strong>
          <span className="block text-muted-foreground">
            Your subscription is cancelled and won't renew. Your links stay; after that date you can add new ones while
            you have fewer than {FREE_PLAN_LINK_LIMIT}.
          </span>
        </p>
      ) : (
        <p className="text-sm">
          {end ? (
            <>
              Renews on <strong className="font-semibold">{end}</strong>
            </>
          ) : (
            'Renews monthly'
          )}
          {subscription.status === 'past_due' && (
            <span className="block font-medium text-destructive">
              Your last payment failed. Please update your card.
            </span>
          )}
        </p>
      )}
      {!ending && <ChangeCard />}
      {/* Stays mounted once cancelled, so the confirmation closes (and hands focus back) before the notice shows. */}
      <CancelSubscription end={end} canCancel={!ending} onPlanChanged={onPlanChanged} />
    </div>
  );
}

interface CancelSubscriptionProps {
  end: string | null;
  /** False once cancelled: the control is gone, the dialog stays mounted until it has closed. */
  canCancel: boolean;
  onPlanChanged?: () => void;
}

function CancelSubscription({ end, canCancel, onPlanChanged }: CancelSubscriptionProps) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelSubscription();
  const done = useRef<string | null>(null);
  const until = end ? `until ${end}` : 'until the end of the period you have paid for';

  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        done.current = `You keep Premium ${until}.`;
        setOpen(false);
        onPlanChanged?.();
      },
      onError: (failure) =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: messageOf(failure, 'Failed to cancel your subscription. Please try again.'),
        }),
    });

  return (
    <Dialog open={open} onOpenChange={(next) => !cancel.isPending && setOpen(next)}>
      {canCancel && (
        <div className="mt-auto pt-2">
          <Button variant="outline" className="w-full sm:w-auto" onClick={() => setOpen(true)}>
            Cancel subscription
          </Button>
        </div>
      )}
      <DialogContent
        onCloseAutoFocus={(event) => {
          const message = done.current;
          if (!message) return;
          // The control is gone: focus moves to the new plan status, then the notice shows.
          event.preventDefault();
          done.current = null;
          document.getElementById('plan-status')?.focus();
          toast({ title: 'Subscription cancelled', description: message });
        }}
      >
        <DialogHeader>
          <DialogTitle>Cancel Premium?</DialogTitle>
          <DialogDescription>
            Your subscription won't renew. You keep Premium {until}; then your page moves to the Free plan. Your links
            stay, but you can't add more while you have {FREE_PLAN_LINK_LIMIT} or more.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={cancel.isPending}>
              Keep Premium
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={cancel.isPending}>
            {cancel.isPending ? 'Cancelling...' : 'Cancel subscription'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
